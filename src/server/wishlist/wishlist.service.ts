/**
 * The wishlist's rules: one wishlist per shopper (customer, or guest token in a cookie), made by the first
 * add. Products are kept only where productsWishlistOption allows, diamonds where diamondsWishlistOption
 * does; a build-your-own pair needs both. Adding what is already there changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { WISHLIST_LIMIT, WISHLIST_PAGE_SIZE, type WishlistEntry, type WishlistPage } from '~/features/wishlist/wishlist.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';
import { loadItems, type ItemRecord } from '~/server/cart/catalog-items.repository.ts';
import { groupLines, type LineGroup } from '~/server/cart/cart.presenter.ts';
import { checkDiamond, checkProduct, loadAll, splitPair, unavailable, validateByoPair, type Choices } from '~/server/cart/cart.rules.ts';
import { isAvailable } from '~/server/cart/line-item.presenter.ts';
import { newToken, type Owner } from '~/server/shopper/owner.ts';
import { presentEntry } from './wishlist.presenter.ts';
import {
  deleteWishlistRows,
  findWishlistByCustomer,
  findWishlistByToken,
  insertWishlist,
  insertWishlistRows,
  lockWishlist,
  wishlistRows,
  type NewWishlistItem,
  type WishlistItemRow,
  type WishlistRow,
} from './wishlist.repository.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

export interface WishlistOptions {
  products: boolean;
  diamonds: boolean;
}

export const configuredOptions = (): WishlistOptions => ({ products: shopConfig.productsWishlistOption, diamonds: shopConfig.diamondsWishlistOption });

export function findWishlist(db: Db, owner: Owner): Promise<WishlistRow | undefined> {
  if (owner.customerId !== undefined) return findWishlistByCustomer(db, owner.customerId);
  if (owner.token) return findWishlistByToken(db, owner.token);
  return Promise.resolve(undefined);
}

async function findOrCreate(db: Db, owner: Owner): Promise<{ wishlist: WishlistRow; token?: string }> {
  const existing = await findWishlist(db, owner);
  if (existing) {
    await lockWishlist(db, existing.id);
    return { wishlist: existing };
  }
  if (owner.customerId !== undefined) return { wishlist: await insertWishlist(db, newToken(), owner.customerId) };
  const token = newToken();
  return { wishlist: await insertWishlist(db, token, null), token };
}

export interface Loaded {
  wishlist?: WishlistRow;
  rows: WishlistItemRow[];
  records: Map<number, ItemRecord>;
  groups: LineGroup<WishlistItemRow>[];
}

export async function loadWishlist(db: Db, owner: Owner): Promise<Loaded> {
  const wishlist = await findWishlist(db, owner);
  const rows = wishlist ? await wishlistRows(db, wishlist.id) : [];
  const records = await loadItems(
    db,
    rows.map((r) => r.item_id),
  );
  return { wishlist, rows, records, groups: groupLines(rows, records) };
}

const countOf = (rows: Pick<WishlistItemRow, 'byo_id'>[]) =>
  rows.filter((r) => r.byo_id === null).length + new Set(rows.map((r) => r.byo_id).filter((b) => b !== null)).size;

export async function countWishlist(db: Db, owner: Owner): Promise<number> {
  const wishlist = await findWishlist(db, owner);
  return wishlist ? countOf(await wishlistRows(db, wishlist.id)) : 0;
}

export async function listWishlist(db: Db, owner: Owner, page: number): Promise<WishlistPage> {
  const { groups, records } = await loadWishlist(db, owner);
  const slice = groups.slice((page - 1) * WISHLIST_PAGE_SIZE, page * WISHLIST_PAGE_SIZE);
  return {
    data: slice.map((g) => presentEntry(g, records)).filter((e): e is WishlistEntry => e !== undefined),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(groups.length / WISHLIST_PAGE_SIZE)), per_page: WISHLIST_PAGE_SIZE, total: groups.length },
  };
}

function allow(record: ItemRecord, options: WishlistOptions): void {
  const kind = record.kind === 'product' ? 'products' : 'diamonds';
  if (!options[kind]) throw new HttpError(403, `This shop's wishlist does not keep ${kind}`, 'wishlist_disabled');
}

export interface WishlistResult {
  message: string;
  count: number;
  item?: WishlistEntry;
  token?: string;
}

/** Inserts rows unless an identical entry is there; answers with the entry and the new count. */
async function insert(db: Db, owner: Owner, rows: NewWishlistItem[], same: (g: LineGroup<WishlistItemRow>) => boolean): Promise<WishlistResult> {
  return writeTransaction(db, async (trx) => {
    const { wishlist, token } = await findOrCreate(trx, owner);
    const before = await wishlistRows(trx, wishlist.id);
    const records = await loadItems(
      trx,
      [...before, ...rows].map((r) => r.item_id),
    );
    const existing = groupLines(before, records).find(same);
    if (existing) return { message: 'This item is already in your wishlist', count: countOf(before), item: presentEntry(existing, records), token };
    if (countOf(before) >= WISHLIST_LIMIT) throw new HttpError(409, `Your wishlist is full (${WISHLIST_LIMIT} items)`, 'wishlist_full');
    await insertWishlistRows(trx, wishlist.id, rows);
    const after = await wishlistRows(trx, wishlist.id);
    const added = groupLines(after, records).find(same);
    return { message: 'Item added to your wishlist', count: countOf(after), item: added && presentEntry(added, records), token };
  });
}

export async function addToWishlist(db: Db, owner: Owner, id: number, choices: Choices, options = configuredOptions()): Promise<WishlistResult> {
  const record = (await loadAll(db, [id])).get(id)!;
  allow(record, options);
  let variantId: number | null = null;
  if (record.kind === 'diamond') checkDiamond(record, choices);
  else if (choices.selected_configurable_option !== undefined) variantId = checkProduct(record, choices)?.id ?? null;
  else if (!isAvailable(record)) throw unavailable(`${record.product.name} is no longer available`);
  const row: NewWishlistItem = {
    item_id: id,
    variant_id: variantId,
    byo_id: null,
    selected_jewelry_shape: record.kind === 'product' ? (choices.selected_jewelry_shape ?? null) : null,
    selected_size: record.kind === 'product' ? (choices.selected_size ?? null) : null,
    custom_size: null,
  };
  return insert(
    db,
    owner,
    [row],
    ({ parent, child }) =>
      !child &&
      parent.byo_id === null &&
      parent.item_id === id &&
      parent.variant_id === row.variant_id &&
      parent.selected_jewelry_shape === row.selected_jewelry_shape &&
      parent.selected_size === row.selected_size,
  );
}

export async function addPairToWishlist(db: Db, owner: Owner, ids: number[], choices: Choices, options = configuredOptions()): Promise<WishlistResult> {
  const { setting, diamond } = splitPair([...(await loadAll(db, ids)).values()]);
  allow(setting, options);
  allow(diamond, options);
  const { variant, size } = validateByoPair(setting, diamond, choices);
  const variantId = variant?.id ?? null;
  const byo_id = randomUUID();
  const rows: NewWishlistItem[] = [
    {
      item_id: setting.id,
      variant_id: variantId,
      byo_id,
      selected_jewelry_shape: diamond.diamond.shape,
      selected_size: size.selected_size ?? null,
      custom_size: size.custom_size ?? null,
    },
    { item_id: diamond.id, variant_id: null, byo_id, selected_jewelry_shape: null, selected_size: null, custom_size: null },
  ];
  return insert(db, owner, rows, ({ parent, child }) => parent.item_id === setting.id && parent.variant_id === variantId && child?.item_id === diamond.id);
}

/** Removes entries (a pair as a whole); an id that is not an entry of this wishlist is a 404 and nothing goes. */
export async function removeEntries(db: Db, owner: Owner, ids: number[] | 'all', field = 'id'): Promise<number> {
  const { wishlist, groups, rows } = await loadWishlist(db, owner);
  const chosen = ids === 'all' ? groups : ids.map((id) => groups.find((g) => g.parent.id === id || g.child?.id === id));
  const missing = ids === 'all' ? [] : ids.filter((_, i) => !chosen[i]);
  if (missing.length) {
    throw new HttpError(404, `${field}: ${missing.join(', ')} not in your wishlist`, 'not_found', { [field]: ['is not in your wishlist'] });
  }
  if (!wishlist) return 0;
  const rowIds = chosen.flatMap((g) => (g!.child ? [g!.parent.id, g!.child.id] : [g!.parent.id]));
  await deleteWishlistRows(db, wishlist.id, rowIds);
  return countOf(rows.filter((r) => !rowIds.includes(r.id)));
}

export async function removePair(db: Db, owner: Owner, byoId: string): Promise<number> {
  const { groups } = await loadWishlist(db, owner);
  const pair = groups.find((g) => g.parent.byo_id === byoId);
  if (!pair) throw new HttpError(404, 'This build-your-own pair is not in your wishlist', 'not_found', { id: ['is not a pair in your wishlist'] });
  return removeEntries(db, owner, [pair.parent.id]);
}
