// `node --import ./scripts/alias.mjs …`: plain Node resolves the `~/` import alias (tsconfig.json's paths) to
// src/, as Vite, Vitest and Playwright do, so scripts and benchmarks that Node runs itself import src/
// modules the same way the rest of the code does.
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const src = pathToFileURL(path.resolve(import.meta.dirname, '../src') + path.sep).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith('~/') ? src + specifier.slice(2) : specifier, context);
  },
});
