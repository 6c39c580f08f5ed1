/**
 * A nanostore's value in a React island, re-rendered when it changes: React's own
 * useSyncExternalStore over the store's listen/get, in place of @nanostores/react (whose path and key
 * helpers no island uses cost the diamond listing 300 bytes of gzipped JavaScript, the budget).
 * The server render reads the store as it is (its empty value: stores are filled in the browser).
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const get = () => store.get();
  return useSyncExternalStore(subscribe, get, get);
}
