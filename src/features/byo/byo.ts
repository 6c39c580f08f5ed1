/**
 * A build-your-own selection and its place in the URL (browser-safe, shared with the server):
 *   ?setting={product id}&variant={variant id}&diamond={diamond id}&size={standard size}&custom_size={size}&start=diamond
 * The same parameters on the three build-your-own routes and on the listings in build-your-own mode, so a
 * shared link opens the same build. Values that make no sense are dropped, never an error. `start=diamond`
 * marks a build begun with the diamond (diamond first): the diamond listing is in build-your-own mode with
 * nothing chosen yet, and the step bar reads 1 diamond, 2 setting, 3 review.
 */
import { SHAPE_LABELS, type Shape } from '~/features/diamonds/grades.ts';
import { normaliseCustomSize, normaliseSize } from './ring-size.ts';
import { withQuery } from '~/lib/query.ts';

export interface ByoSelection {
  setting?: number;
  variant?: number;
  diamond?: number;
  size?: string;
  custom_size?: string;
  /** The build began with the diamond. */
  start?: 'diamond';
}

export const BYO_PARAMS = ['setting', 'variant', 'diamond', 'size', 'custom_size', 'start'] as const;

const id = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

export function selectionFromParams(params: URLSearchParams): ByoSelection {
  const out: ByoSelection = {};
  const setting = id(params.get('setting'));
  if (setting) {
    out.setting = setting;
    const variant = id(params.get('variant'));
    if (variant) out.variant = variant;
  }
  const diamond = id(params.get('diamond'));
  if (diamond) out.diamond = diamond;
  const size = normaliseSize(params.get('size') ?? '');
  const custom = normaliseCustomSize(params.get('custom_size') ?? '');
  if (size) out.size = size;
  else if (custom) out.custom_size = custom;
  if (params.get('start') === 'diamond') out.start = 'diamond';
  return out;
}

/** Nothing chosen and no build begun: not build-your-own mode. */
export function isEmpty(s: ByoSelection): boolean {
  return !s.setting && !s.diamond && !s.start;
}

/** The order of the steps: the diamond first when the build began with it, else the setting. */
export const diamondFirst = (s: ByoSelection): boolean => s.start === 'diamond';

/** The selection as query parameters, in a fixed order (they come before any df/pf filter). */
export function selectionParams(s: ByoSelection): [string, string][] {
  const parts: [string, string][] = [];
  if (s.setting) parts.push(['setting', String(s.setting)]);
  if (s.setting && s.variant) parts.push(['variant', String(s.variant)]);
  if (s.diamond) parts.push(['diamond', String(s.diamond)]);
  if (s.size) parts.push(['size', s.size]);
  else if (s.custom_size) parts.push(['custom_size', s.custom_size]);
  if (s.start) parts.push(['start', s.start]);
  return parts;
}

export function selectionQuery(s: ByoSelection): string {
  return selectionParams(s)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

export { withQuery };

export const summaryHref = (s: ByoSelection) => withQuery('/build-your-own/summary', selectionQuery(s));
export const settingHref = (id: number, s: ByoSelection) => withQuery(`/build-your-own/products/${id}`, selectionQuery(s));

/** URL wins over what was stored: a shared link opens its build; the store fills only what the link leaves out. */
export function mergeSelections(stored: ByoSelection, fromUrl: ByoSelection): ByoSelection {
  const merged: ByoSelection = { ...stored };
  if (fromUrl.setting) {
    merged.setting = fromUrl.setting;
    merged.variant = fromUrl.variant;
  }
  if (fromUrl.diamond) merged.diamond = fromUrl.diamond;
  if (fromUrl.size || fromUrl.custom_size) {
    merged.size = fromUrl.size;
    merged.custom_size = fromUrl.custom_size;
  }
  if (fromUrl.start) merged.start = fromUrl.start;
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as ByoSelection;
}

export const sameSelection = (a: ByoSelection, b: ByoSelection) => selectionQuery(a) === selectionQuery(b);

export { constrainFilters, type SettingConstraint } from './setting-constraint.ts';

export function shapeWords(shapes: readonly string[]): string {
  if (shapes.length >= 10) return 'any shape';
  const names = shapes.map((s) => (SHAPE_LABELS[s as Shape] ?? s).toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}
