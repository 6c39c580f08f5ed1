/**
 * When the request being served began (performance.now() clock), for the code it calls: the diamond
 * index's change-log read (src/server/diamonds/diamond-sync.ts) needs every change committed before the
 * request began, and a read begun after that (the page cache's, earlier in the same request) already
 * has them. Outside a request: now.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const begun = new AsyncLocalStorage<number>();

/** Runs `serve` with the request's start noted as now. */
export const duringRequest = <T>(serve: () => T): T => begun.run(performance.now(), serve);

export const requestBegan = (): number => begun.getStore() ?? performance.now();
