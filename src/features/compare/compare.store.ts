/**
 * The stones a shopper compares: a nanostore kept in localStorage, so every island of a page (cards,
 * table rows, the tray, a detail page) and every open tab shares it. Browser only: the server never sets
 * it, and islands show it only once hydrated.
 */
import { storedAtom } from '~/lib/stored-atom.ts';
import { showSnackbar } from '~/features/snackbar/snackbar.ts';
import { COMPARE_FULL_MESSAGE, MAX_COMPARE, type CompareItem } from './compare.ts';

function decode(text: string | null): CompareItem[] {
  const list = JSON.parse(text ?? '[]') as unknown;
  if (!Array.isArray(list)) return [];
  return list.filter((x): x is CompareItem => typeof x?.id === 'number' && typeof x.name === 'string').slice(0, MAX_COMPARE);
}

const stored = storedAtom<CompareItem[]>('aurelle:compare', [], decode, JSON.stringify);
export const $compare = stored.$store;
const save = stored.save;

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
