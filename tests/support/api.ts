/** Helpers for API tests: the servers started by global-setup, and the one HTTP client of the API suites. */
import { inject } from 'vitest';
import { DB_KINDS } from './databases.ts';

export { answer, call, type Answer, type CallOptions } from './http-client.ts';

export const databases = DB_KINDS.map((kind) => ({ kind, ...inject('servers')[kind]! }));
