// Builds the shop into a new release (releases/<id>: the Astro server and client, the database CLI) and
// points dist at it once whole (scripts/build-lib.mjs); running servers keep theirs until replaced.
// `--if-stale` skips the build when nothing under the sources changed since the last one; `--check` runs
// astro check first, so that a type error fails the build. A failed build exits 1 with one line saying why.
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { buildOrSay, build, BuildError } = await import('./build-lib.mjs');
const check = process.argv.includes('--check');
if (process.argv.includes('--if-stale')) await buildOrSay({ fallback: false, check });
else {
  try {
    await build({ check });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
