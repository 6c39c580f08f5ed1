/**
 * What a server-rendered listing island (products, diamonds) does with its search: the first render shows
 * the page the server found; every later change of the state cancels the request in flight at once and
 * asks again after a moment (so a slider can settle), and `change` writes the state into the URL (a new
 * history entry when `push`, e.g. a page change). Back and forward restore the state read from the URL.
 */
import { useEffect, useRef, useState } from 'react';
import { shopperMessage } from '~/lib/shopper-text.ts';

/** How long a change waits before asking, in milliseconds. */
const SETTLE_MS = 120;

export interface ListingSource<S, R> {
  /** The state and page the server rendered. */
  initialState: S;
  initial: R;
  /** Asks for the page of a state; `signal` aborts when the state changes again. */
  load: (state: S, signal: AbortSignal) => Promise<R>;
  /** The URL that shows a state. */
  hrefFor: (state: S) => string;
  /** The state the current URL (location) names, after Back or Forward. */
  fromLocation: () => S;
}

export function useListing<S, R>({ initialState, initial, load, hrefFor, fromLocation }: ListingSource<S, R>) {
  const [state, setState] = useState(initialState);
  const [result, setResult] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef<AbortController | null>(null);
  const skipFetch = useRef(true);
  const readLocation = useRef(fromLocation);

  useEffect(() => {
    readLocation.current = fromLocation;
  });

  useEffect(() => {
    if (skipFetch.current) {
      skipFetch.current = false;
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    const timer = setTimeout(() => {
      load(state, controller.signal)
        .then((page) => {
          if (controller.signal.aborted) return;
          setResult(page);
          setError(undefined);
          setBusy(false);
        })
        .catch((e: unknown) => {
          if (controller.signal.aborted || (e instanceof Error && e.name === 'AbortError')) return;
          setError(shopperMessage(e));
          setBusy(false);
        });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    const onPop = () => setState(readLocation.current());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const change = (next: S, push = false) => {
    setState(next);
    history[push ? 'pushState' : 'replaceState'](null, '', hrefFor(next));
  };

  return { state, result, busy, error, change };
}
