/**
 * A build in progress as the build-your-own pages show it: the chosen setting (in its metal and total
 * carat weight), the chosen diamond (with its grading and whether it can still be bought), whether the
 * two fit, each part's price and the total, all from the database (the browser only names the ids). The
 * prices are the cart's own (`unitPriceCents`), so the summary's total is what the cart line will cost.
 */
import type { Product, ProductVariant } from '~/features/products/product.ts';
import type { Diamond } from '~/features/diamonds/diamond-query.ts';
import { selectionQuery, shapeWords, withQuery, type ByoSelection, type SettingConstraint } from '~/features/byo/byo.ts';
import { formatCents } from '~/lib/money.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { loadItems } from '~/server/cart/catalog-items.repository.ts';
import { isAvailable, unitPriceCents } from '~/server/cart/line-item.presenter.ts';
import { getDiamond, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { getProduct } from '~/server/products/products.service.ts';
import { productsOnSale } from '~/server/products/product.repository.ts';
import { listingEntries } from '~/server/shop/routes.ts';
import { acceptedShapes, incompatibility } from './byo.rules.ts';

export interface BuildView {
  /** The selection as it can be honoured (unknown ids dropped, the variant resolved). */
  selection: ByoSelection;
  setting?: { product: Product; variant: ProductVariant; price_cents: number; available: boolean; holds: string };
  diamond?: { diamond: Diamond; price_cents: number };
  /** The chosen diamond cannot be bought any more (sold, reserved, or withdrawn). */
  diamondGone?: string;
  /** Why the chosen setting cannot hold the chosen diamond. */
  mismatch?: string;
  total_cents: number;
  formated_total: string;
  /** The step pages' links, carrying the selection (without a stone that is gone); `start`: a new diamond-first build. */
  links: { settings: string; diamonds: string; summary: string; start: string };
  /** The two listings' bare paths (/engagement-rings, /diamonds). */
  listings: { settings: string; diamonds: string };
  /** The id of a chosen diamond that can no longer be bought: the browser forgets it. */
  goneDiamond?: number;
}

/** Where the shopper picks a setting and a diamond: the configured listings that hold them. */
export async function byoListings(db: Db): Promise<{ settings: string; diamonds: string }> {
  const entries = listingEntries();
  const settingCategory = (await productsOnSale(db, { isByo: true }))[0]?.category_slug;
  const products = entries.find((e) => e.view_type === 'products' && e.slug_prefix === settingCategory) ?? entries.find((e) => e.view_type === 'products');
  const diamonds = entries.find((e) => e.view_type === 'diamonds');
  return { settings: `/${products?.slug_prefix ?? 'engagement-rings'}`, diamonds: `/${diamonds?.slug_prefix ?? 'diamonds'}` };
}

export const constraintOf = (p: Pick<Product, 'accepted_shapes' | 'carat_min' | 'carat_max'>): SettingConstraint => ({
  shapes: p.accepted_shapes,
  carat: { min: p.carat_min ?? 0, max: p.carat_max ?? 100 },
});

/** A setting that takes a diamond, or undefined (unknown, not a setting, or off sale). */
export async function findSetting(id: number | undefined, db?: Db): Promise<Product | undefined> {
  if (!id) return undefined;
  const product = await getProduct(id, { db, base: '/build-your-own/products' });
  return product?.is_byo && product.status ? product : undefined;
}

export async function loadBuild(wanted: ByoSelection, options: { db?: Db } = {}): Promise<BuildView> {
  const db = options.db ?? (await getDb());
  const [product, row, listings] = await Promise.all([
    findSetting(wanted.setting, db),
    wanted.diamond ? getDiamond(wanted.diamond, { db }) : undefined,
    byoListings(db),
  ]);
  const records = await loadItems(
    db,
    [product?.id, row?.id].filter((n): n is number => n !== undefined),
  );
  const selection: ByoSelection = { ...wanted, setting: undefined, variant: undefined, diamond: row ? Number(row.id) : undefined };
  const view: Omit<BuildView, 'links' | 'listings' | 'formated_total'> = { selection, total_cents: 0 };
  if (product) {
    const variant = product.variants.find((v) => v.id === wanted.variant) ?? product.variants[0];
    const record = records.get(product.id)!;
    if (variant) {
      selection.setting = product.id;
      selection.variant = variant.id;
      const holds = `${product.carat_min}–${product.carat_max} ct, ${shapeWords(product.accepted_shapes)}`;
      view.setting = { product, variant, price_cents: unitPriceCents(record, variant.id), available: isAvailable(record, variant.id), holds };
    }
  }
  if (wanted.diamond && !row) view.diamondGone = 'The diamond you chose is no longer available.';
  if (row) {
    const diamond = toDiamond(row, '/build-your-own/diamonds');
    view.diamond = { diamond, price_cents: Number(row.price_cents) };
    if (!diamond.is_available)
      view.diamondGone =
        diamond.status === 'reserved' ? 'The diamond you chose has just been reserved by another client.' : 'The diamond you chose has been sold.';
  }
  if (view.setting && view.diamond) view.mismatch = incompatibility(view.setting.product, view.diamond.diamond);
  view.total_cents = (view.setting?.price_cents ?? 0) + (view.diamond && !view.diamondGone ? view.diamond.price_cents : 0);
  const query = selectionQuery(selection);
  // A stone that cannot be bought is left behind when the shopper goes to choose again.
  const onward = selectionQuery(view.diamondGone ? { ...selection, diamond: undefined } : selection);
  // Without a setting, the diamond listing is in build-your-own mode only as the first step (start=diamond).
  const toDiamonds = selection.setting
    ? onward
    : selectionQuery({ ...(view.diamondGone ? { ...selection, diamond: undefined } : selection), start: 'diamond' });
  return {
    ...view,
    listings,
    ...(view.diamondGone && { goneDiamond: wanted.diamond }),
    formated_total: formatCents(view.total_cents),
    links: {
      settings: withQuery(listings.settings, onward),
      diamonds: withQuery(listings.diamonds, toDiamonds),
      summary: withQuery('/build-your-own/summary', query),
      start: withQuery(listings.diamonds, 'start=diamond'),
    },
  };
}

/**
 * The settings on sale that can hold this diamond (its shape, its carat within their range): the plain
 * diamond page offers "Add a setting" only when there is one, and the first step of a diamond-first build
 * says so when there is none.
 */
export async function settingsHolding(diamond: { shape: string; carat: number }, options: { db?: Db } = {}): Promise<number> {
  const db = options.db ?? (await getDb());
  const settings = await productsOnSale(db, { isByo: true });
  return settings.filter((p) => !incompatibility({ accepted_shapes: acceptedShapes(p), carat_min: p.carat_min, carat_max: p.carat_max }, diamond)).length;
}
