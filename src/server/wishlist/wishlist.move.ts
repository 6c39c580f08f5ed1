/**
 * Moving wishlist entries to the cart: each entry goes through the cart's own add (same rules, same
 * prices) and leaves the wishlist only once it is in the cart. Moving everything moves what can be
 * moved and says what could not (a sold stone, a product to configure first, a ring without its size).
 * Moving one entry may give the ring size a ring was saved without.
 */
import type { Cart, CartAdd } from '~/features/cart/cart.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import type { ItemRecord } from '~/server/cart/catalog-items.repository.ts';
import type { LineGroup } from '~/server/cart/cart.presenter.ts';
import type { SizeChoice } from '~/server/byo/byo.rules.ts';
import { addToCart, getCart } from '~/server/cart/cart.service.ts';
import type { Owner } from '~/server/shopper/owner.ts';
import { deleteWishlistRows, type WishlistItemRow } from './wishlist.repository.ts';
import { countWishlist, loadWishlist, type Loaded } from './wishlist.service.ts';

export interface MoveResult {
  cart: Cart;
  /** Set when the move gave a guest its first cart (the endpoint sets the cookie). */
  cartToken?: string;
  count: number;
  moved: number[];
  notMoved: { id: number; message: string }[];
}

/**
 * The cart add that an entry stands for. `size` (a ring saved without one, sized as it moves) takes the
 * place of the saved size; without any, a ring is refused by the cart's rules (422 `selected_size`).
 */
export function cartAddFor({ parent, child }: LineGroup<WishlistItemRow>, records: Map<number, ItemRecord>, size?: SizeChoice): CartAdd {
  const record = records.get(parent.item_id);
  const ring = record?.kind === 'product' && Number(record.product.has_ring_size) === 1;
  const sized = ring && (size?.selected_size || size?.custom_size);
  const choices = {
    selected_configurable_option: parent.variant_id ?? undefined,
    selected_jewelry_shape: parent.selected_jewelry_shape ?? undefined,
    selected_size: sized ? size!.selected_size : (parent.selected_size ?? undefined),
    custom_size: sized ? size!.custom_size : (parent.custom_size ?? undefined),
    quantity: 1 as const,
  };
  if (child) return { ...choices, ids: [parent.item_id, child.item_id], is_byo: true };
  if (record?.kind === 'product' && parent.variant_id === null && record.variants.length > 1) {
    throw new HttpError(409, `Choose the metal and carat weight of ${record.product.name} on its page first`, 'choose_options');
  }
  return { ...choices, ids: [parent.item_id], is_byo: false };
}

async function move(
  db: Db,
  wishOwner: Owner,
  cartOwner: Owner,
  pick: (loaded: Loaded) => LineGroup<WishlistItemRow>[],
  all: boolean,
  size?: SizeChoice,
): Promise<MoveResult> {
  const loaded = await loadWishlist(db, wishOwner);
  const owner = { ...cartOwner };
  const result: Omit<MoveResult, 'cart' | 'count'> = { moved: [], notMoved: [] };
  for (const group of pick(loaded)) {
    try {
      const { token } = await addToCart(db, owner, cartAddFor(group, loaded.records, size));
      if (token) result.cartToken = owner.token = token;
      await deleteWishlistRows(db, loaded.wishlist!.id, group.child ? [group.parent.id, group.child.id] : [group.parent.id]);
      result.moved.push(group.parent.id);
    } catch (error) {
      if (!all || !(error instanceof HttpError)) throw error;
      result.notMoved.push({ id: group.parent.id, message: error.message });
    }
  }
  return { ...result, cart: await getCart(db, owner), count: await countWishlist(db, wishOwner) };
}

function notInWishlist(field: string): HttpError {
  return new HttpError(404, `${field}: this item is not in your wishlist`, 'not_found', { [field]: ['is not in your wishlist'] });
}

/** Moves the one entry (and its paired piece) that `find` picks; 404 naming `field` when there is none. */
function moveOne(
  db: Db,
  wishOwner: Owner,
  cartOwner: Owner,
  field: string,
  find: (group: LineGroup<WishlistItemRow>) => boolean,
  size?: SizeChoice,
): Promise<MoveResult> {
  const pick = ({ groups }: Loaded) => {
    const group = groups.find(find);
    if (!group) throw notInWishlist(field);
    return [group];
  };
  return move(db, wishOwner, cartOwner, pick, false, size);
}

export function moveEntryToCart(db: Db, wishOwner: Owner, cartOwner: Owner, id: number, size?: SizeChoice): Promise<MoveResult> {
  return moveOne(db, wishOwner, cartOwner, 'id', (g) => g.parent.id === id || g.child?.id === id, size);
}

export function movePairToCart(db: Db, wishOwner: Owner, cartOwner: Owner, byoId: string, size?: SizeChoice): Promise<MoveResult> {
  return moveOne(db, wishOwner, cartOwner, 'byoID', (g) => g.parent.byo_id === byoId, size);
}

/** Oldest entry first, so that the cart (newest first) keeps the wishlist's order. */
export function moveAllToCart(db: Db, wishOwner: Owner, cartOwner: Owner): Promise<MoveResult> {
  return move(db, wishOwner, cartOwner, ({ groups }) => groups.toReversed(), true);
}
