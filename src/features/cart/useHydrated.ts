import { useEffect, useState } from 'react';

/**
 * False during the server render and the hydrating render, true after: an island shows store data
 * (which may already be loaded in the browser) only once hydrated, so its first render matches the HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
