// Builds the shop: the Astro server (dist/server, dist/client) and the database CLI (dist/cli).
// `--if-stale` skips the build when nothing under the sources changed since the last one.
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { buildIfStale, build } = await import('./build-lib.mjs');
if (process.argv.includes('--if-stale')) await buildIfStale();
else await build();
