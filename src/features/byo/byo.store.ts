/**
 * The build-your-own selection in the browser: a nanostore kept in localStorage (as the same query string
 * the URL carries, so one parser checks both), so the build survives reloads and is shared by every tab.
 * Browser only: the server renders from the URL and never sets this store.
 */
import { atom } from 'nanostores';
import { selectionFromParams, selectionQuery, type ByoSelection } from './byo.ts';

const KEY = 'aurelle:byo';

function read(): ByoSelection {
  try {
    return selectionFromParams(new URLSearchParams(localStorage.getItem(KEY) ?? ''));
  } catch {
    return {};
  }
}

export const $byo = atom<ByoSelection>(typeof localStorage === 'undefined' ? {} : read());

export function setSelection(selection: ByoSelection): void {
  $byo.set(selection);
  try {
    localStorage.setItem(KEY, selectionQuery(selection));
  } catch {
    // Private mode or a full quota: the URL still carries the build.
  }
}

export function clearSelection(): void {
  setSelection({});
}

/** Another tab changed the build: follow it. */
if (typeof window !== 'undefined') {
  addEventListener('storage', (event) => {
    if (event.key === KEY) $byo.set(read());
  });
}

export const storedSelection = read;
