/**
 * Zod as the browser gets it (astro.config.mjs resolves `zod` here for client code): jitless, because
 * zod otherwise probes `new Function` once, and under our Content-Security-Policy (no 'unsafe-eval')
 * that probe is reported as a violation even though zod catches it. Schemas work the same, interpreted.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';
