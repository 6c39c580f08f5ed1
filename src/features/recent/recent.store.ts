/**
 * Recently viewed: the last 12 diamonds and products a shopper opened, newest first, in a nanostore kept
 * in localStorage (shared by every tab). Browser only.
 */
import { storedAtom } from '~/lib/stored-atom.ts';

export const MAX_RECENT = 12;

export interface RecentItem {
  kind: 'diamond' | 'product';
  id: number;
  name: string;
  url: string;
  image_url: string;
  formated_price: string;
}

function decode(text: string | null): RecentItem[] {
  const list = JSON.parse(text ?? '[]') as unknown;
  return Array.isArray(list)
    ? list.filter((x): x is RecentItem => (x?.kind === 'diamond' || x?.kind === 'product') && typeof x.id === 'number').slice(0, MAX_RECENT)
    : [];
}

const stored = storedAtom<RecentItem[]>('aurelle:recently-viewed', [], decode, JSON.stringify);
export const $recent = stored.$store;
const save = stored.save;

const same = (a: Pick<RecentItem, 'kind' | 'id'>, b: Pick<RecentItem, 'kind' | 'id'>) => a.kind === b.kind && a.id === b.id;

/** The item opened now goes first (once), the oldest past 12 drops off. */
export const rememberViewed = (item: RecentItem) => save([item, ...$recent.get().filter((x) => !same(x, item))].slice(0, MAX_RECENT));
/** Items no longer for sale leave the list. */
export const forgetViewed = (gone: Pick<RecentItem, 'kind' | 'id'>[]) => save($recent.get().filter((x) => !gone.some((g) => same(g, x))));
