/** Diamond comparison, browser-safe: at most 4 stones, named in the compare page's URL as `?ids=1,2,3`. */
export const MAX_COMPARE = 4;
export const COMPARE_PATH = '/diamonds/compare';
export const COMPARE_FULL_MESSAGE = `You can compare up to ${MAX_COMPARE} diamonds. Remove one to add another.`;

/** What the tray shows of a chosen stone. */
export interface CompareItem {
  id: number;
  name: string;
  image_url: string;
  url: string;
}

export const compareHref = (ids: readonly number[]) => (ids.length ? `${COMPARE_PATH}?ids=${ids.join(',')}` : COMPARE_PATH);

/**
 * The ids of `?ids=`: whole positive numbers, in order, repeats dropped, the first 4 kept; `dropped` is
 * how many more the URL named. Anything that is not an id is ignored.
 */
export function parseCompareIds(param: string | null | undefined): { ids: number[]; dropped: number } {
  const all: number[] = [];
  for (const part of (param ?? '').split(',')) {
    const text = part.trim();
    if (!/^\d{1,9}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && !all.includes(id)) all.push(id);
  }
  return { ids: all.slice(0, MAX_COMPARE), dropped: Math.max(0, all.length - MAX_COMPARE) };
}
