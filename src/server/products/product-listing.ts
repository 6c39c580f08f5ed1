/**
 * What a products listing route shows (server side). The route's prefix picks the categories: a prefix
 * that is a category's slug (/engagement-rings, /wedding-bands) lists that category; any other prefix
 * (/jewellery) lists the categories no other listing route claims. The optional slug narrows it to a
 * category (/jewellery/earrings), a style (/engagement-rings/halo) or an accepted diamond shape
 * (/engagement-rings/oval); a slug that names none of these is a 404.
 */
import { getDb } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { listingEntries, type ListingRoute } from '~/server/shop/routes.ts';
import { SHAPE_LABELS, SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import type { MetalSwatch, ProductFacets, ProductPage } from '~/features/products/product.ts';
import { styleLabel } from '~/features/products/product.ts';
import { productStateFromParams, type ProductListingState } from '~/features/products/product-url.ts';
import { allCategories, allMetals, productsOnSale } from './product.repository.ts';
import { listProducts } from './products.service.ts';
import { isEmpty, selectionFromParams, selectionQuery } from '~/features/byo/byo.ts';
import { loadBuild, type BuildView } from '~/server/byo/byo.service.ts';

export interface ProductScope {
  categoryIds: number[];
  /** Fixed by the slug: not a filter the shopper can clear on this page. */
  style?: string;
  shape?: string;
  /** Build-your-own mode: settings only, and (a diamond chosen) those whose carat range holds it. */
  isByo?: boolean;
  carat?: number;
}

export interface ProductListing {
  title: string;
  description: string;
  path: string;
  scope: ProductScope;
  state: ProductListingState;
  page: ProductPage;
  /** Every filter value in the scope (with no filter applied), so the options stay put as counts change. */
  options: ProductFacets;
  metals: MetalSwatch[];
  /** Build-your-own mode (the URL names a setting or a diamond): the build so far, and its query for links. */
  byo?: BuildView;
  lead?: string;
}

export async function productListing(route: ListingRoute, url: URL): Promise<ProductListing | undefined> {
  const db = await getDb();
  const categories = await allCategories(db);
  const own = categories.find((c) => c.slug === route.prefix);
  const claimed = new Set(listingEntries().map((e) => e.slug_prefix));
  let inScope = own ? [own] : categories.filter((c) => !claimed.has(c.slug));
  const scope: ProductScope = { categoryIds: inScope.map((c) => Number(c.id)) };
  let words = route.item.admin_name ?? 'Jewellery';
  let intro = own?.description ?? 'Fine jewellery in diamonds and precious metals, handcrafted in our atelier.';
  if (route.slug) {
    const slug = route.slug.toLowerCase();
    const category = inScope.find((c) => c.slug === slug);
    const styles = new Set((await productsOnSale(db, { categoryIds: scope.categoryIds })).map((p) => p.style));
    if (category) {
      inScope = [category];
      scope.categoryIds = [Number(category.id)];
      words = category.name;
      intro = category.description;
    } else if (styles.has(slug)) {
      scope.style = slug;
      words = `${styleLabel(slug)} ${words}`;
    } else if ((SHAPES as readonly string[]).includes(slug)) {
      scope.shape = slug;
      words = `${words} for ${SHAPE_LABELS[slug as Shape]} Diamonds`;
    } else {
      return undefined;
    }
  }
  const state = productStateFromParams(url.searchParams);
  const selection = selectionFromParams(url.searchParams);
  const byo = isEmpty(selection) ? undefined : await loadBuild(selection);
  if (byo) {
    scope.isByo = true;
    const stone = !byo.diamondGone ? byo.diamond?.diamond : undefined;
    if (stone) {
      scope.shape = stone.shape;
      scope.carat = stone.carat;
      words = `Settings for your ${stone.carat.toFixed(2)} ct ${SHAPE_LABELS[stone.shape as Shape] ?? stone.shape} diamond`;
    } else {
      words = 'Settings for your ring';
    }
  }
  const fixed = {
    ...(scope.style && { style: [scope.style] }),
    ...(scope.shape && { shape: [scope.shape] }),
    ...(scope.carat !== undefined && { carat: scope.carat }),
  };
  const base = { page_size: 24, categoryIds: scope.categoryIds, isByo: scope.isByo };
  const [page, all, metals] = await Promise.all([
    listProducts({ ...base, page_number: state.page, sort_by: state.sort_by, sort_direction: state.sort_direction, filters: { ...state.filters, ...fixed } }),
    listProducts({ ...base, page_number: 1, sort_by: 'price', filters: fixed }),
    allMetals(db),
  ]);
  return {
    title: words,
    description: `${intro} ${all.meta.total} ${all.meta.total === 1 ? 'piece' : 'pieces'}${all.facets.price ? ` from ${formatCents(all.facets.price.min * 100)}` : ''}, in white, yellow and rose gold or platinum.`,
    path: url.pathname.replace(/\/+$/, '') || '/',
    scope,
    state,
    page,
    options: all.facets,
    ...(byo && { byo, lead: selectionQuery(byo.selection) }),
    metals: metals.map((m) => ({
      code: m.code,
      admin_name: m.name,
      attribute_swatch_type: m.swatch_type,
      attribute_swatch_value: m.swatch_value,
      position: m.position,
    })),
  };
}
