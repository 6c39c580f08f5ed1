/**
 * The stones a shopper compares: a nanostore kept in localStorage, so every island of a page (cards,
 * table rows, the tray, a detail page) and every open tab shares it. Browser only: the server never sets
 * it, and islands show it only once hydrated.
 */
import { atom } from 'nanostores';
import { showSnackbar } from '~/features/snackbar/snackbar.ts';
import { COMPARE_FULL_MESSAGE, MAX_COMPARE, type CompareItem } from './compare.ts';

const KEY = 'aurelle:compare';

function read(): CompareItem[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((x): x is CompareItem => typeof x?.id === 'number' && typeof x.name === 'string').slice(0, MAX_COMPARE);
  } catch {
    return [];
  }
}

export const $compare = atom<CompareItem[]>(typeof localStorage === 'undefined' ? [] : read());

function save(items: CompareItem[]): void {
  $compare.set(items);
  try {
    localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Private mode or a full quota: this tab still compares.
  }
}

/** Adds the stone or takes it out; a fifth is refused with a snackbar. True when it is now compared. */
export function toggleCompare(item: CompareItem): boolean {
  const items = $compare.get();
  if (items.some((x) => x.id === item.id)) {
    save(items.filter((x) => x.id !== item.id));
    return false;
  }
  if (items.length >= MAX_COMPARE) {
    showSnackbar(COMPARE_FULL_MESSAGE, 'warning');
    return false;
  }
  save([...items, item]);
  return true;
}

export const removeFromCompare = (id: number) => save($compare.get().filter((x) => x.id !== id));
export const clearCompare = () => save([]);

/** Another tab changed the list: follow it. */
if (typeof window !== 'undefined') {
  addEventListener('storage', (event) => {
    if (event.key === KEY) $compare.set(read());
  });
}
