/**
 * The build-your-own selection in the browser: a nanostore kept in localStorage (as the same query string
 * the URL carries, so one parser checks both), so the build survives reloads and is shared by every tab.
 * Browser only: the server renders from the URL and never sets this store.
 */
import { storedAtom } from '~/lib/stored-atom.ts';
import { selectionFromParams, selectionQuery, type ByoSelection } from './byo.ts';

const stored = storedAtom<ByoSelection>('aurelle:byo', {}, (text) => selectionFromParams(new URLSearchParams(text ?? '')), selectionQuery);

/** Keeps the build (the URL still carries it where localStorage cannot). */
export const setSelection = stored.save;

export function clearSelection(): void {
  setSelection({});
}

export const storedSelection = stored.read;
