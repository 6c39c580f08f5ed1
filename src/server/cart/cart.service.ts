/**
 * The cart's rules: one active cart per shopper (customer or guest token), created by the first add.
 * Prices and availability come from the catalogue rows at every read, never from the client.
 * Every function takes the database so that tests can run it in-process on either dialect.
 */
import { MAX_LINE_QUANTITY, type Cart, type CartAdd } from '~/features/cart/cart.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { loadItems, type ItemRecord } from './catalog-items.repository.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import {
  cartLines,
  deleteAllLines,
  deleteLines,
  findActiveCartByCustomer,
  findActiveCartByToken,
  insertCart,
  insertLines,
  setLineQuantity,
  touchCart,
  type CartLineRow,
  type CartRow,
  type NewCartLine,
} from './cart.repository.ts';
import { presentCart } from './cart.presenter.ts';
import { planAdd } from './cart.rules.ts';
import { newToken, type Owner } from '~/server/shopper/owner.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { checkoutState } from '~/server/checkout/checkout-state.ts';
import { cartTax } from '~/server/tax/order-tax.presenter.ts';
import { money } from '~/lib/money.ts';
import { refuseHeldStones } from '~/server/holds/holds.service.ts';

export function findCart(db: Db, owner: Owner): Promise<CartRow | undefined> {
  if (owner.customerId !== undefined) return findActiveCartByCustomer(db, owner.customerId);
  if (owner.token) return findActiveCartByToken(db, owner.token);
  return Promise.resolve(undefined);
}

/**
 * A new cart for an owner who has none; `token` is set when a new guest cart needs its cookie.
 * undefined when a parallel request of the same customer created the cart first (read it instead).
 */
async function createCart(db: Db, owner: Owner): Promise<{ cart: CartRow; token?: string } | undefined> {
  if (owner.customerId !== undefined) {
    const cart = await insertCart(db, newToken(), owner.customerId);
    return cart && { cart };
  }
  const token = newToken();
  const cart = await insertCart(db, token, null);
  return cart && { cart, token };
}

/** The cart as the API answers it; `known` holds catalogue rows this request has just read (not read again). */
export async function readCart(db: Db, cartId: number | null, known = new Map<number, ItemRecord>()): Promise<Cart> {
  if (cartId === null) return presentCart(null, [], new Map());
  const rows = await cartLines(db, cartId);
  const records = new Map([
    ...known,
    ...(await loadItems(
      db,
      rows.map((r) => r.item_id).filter((id) => !known.has(id)),
    )),
  ]);
  return withEstimate(db, cartId, presentCart(cartId, rows, records));
}

/**
 * Once checkout knows an address, the cart carries checkout's own figures: the discount, the
 * chosen shipping, the tax for that address, and the total before store credit (which only checkout shows).
 */
async function withEstimate(db: Db, cartId: number, cart: Cart): Promise<Cart> {
  const row = await db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst();
  if (!row || !cart.items.length || !(row.shipping_address || row.billing_address)) return cart;
  const customer =
    row.customer_id === null ? undefined : await db.selectFrom('customers').select(['id', 'email']).where('id', '=', row.customer_id).executeTakeFirst();
  const state = await checkoutState(db, row, customer);
  return {
    ...cart,
    ...money('discount_amount', state.totals.discount),
    ...money('shipping_amount', state.totals.shipping),
    ...money('grand_total', state.totals.grand + state.totals.credit),
    ...cartTax(state.tax),
  };
}

export async function getCart(db: Db, owner: Owner): Promise<Cart> {
  return readCart(db, (await findCart(db, owner))?.id ?? null);
}

export const sameChoice = (a: CartLineRow, b: NewCartLine) =>
  a.byo_id === null &&
  a.item_id === b.item_id &&
  a.variant_id === (b.variant_id ?? null) &&
  a.selected_size === (b.selected_size ?? null) &&
  a.custom_size === (b.custom_size ?? null) &&
  a.selected_jewelry_shape === (b.selected_jewelry_shape ?? null);

/**
 * Puts new lines into a cart whose current rows are `current`. A diamond is one of a kind: it cannot be
 * in one cart twice (a lone stone chosen for a build-your-own ring becomes part of the pair). The same
 * product with the same choices adds to its line's quantity.
 */
export async function putLines(db: Db, cartId: number, current: CartLineRow[], lines: NewCartLine[], records: Map<number, ItemRecord>): Promise<void> {
  const absorbed: number[] = [];
  const toInsert: NewCartLine[] = [];
  for (const line of lines) {
    if (records.get(line.item_id)?.kind === 'diamond') {
      const held = current.filter((r) => r.item_id === line.item_id);
      const lone = held.length === 1 && held[0]!.byo_id === null && line.byo_id;
      if (held.length && !lone)
        throw new HttpError(409, 'This diamond is already in your cart', 'already_in_cart', { ids: ['this diamond is already in your cart'] });
      if (lone) absorbed.push(held[0]!.id);
      toInsert.push(line);
      continue;
    }
    const same = line.byo_id ? undefined : current.find((r) => sameChoice(r, line));
    if (!same) {
      toInsert.push(line);
      continue;
    }
    if (same.quantity >= MAX_LINE_QUANTITY) {
      throw new HttpError(409, `At most ${MAX_LINE_QUANTITY} of one item per order`, 'quantity_limit', {
        quantity: [`at most ${MAX_LINE_QUANTITY} of one item`],
      });
    }
    await setLineQuantity(db, cartId, same.id, same.quantity + 1);
  }
  await deleteLines(db, cartId, absorbed);
  await insertLines(db, cartId, toInsert);
}

/** Adds what the payload names; a bad payload changes nothing (not even creating the cart). */
export async function addToCart(db: Db, owner: Owner, add: CartAdd): Promise<{ cart: Cart; token?: string }> {
  await expireDueOrders(db);
  const { lines, records } = await planAdd(db, add);
  // A stone held for another shopper is theirs until the hold ends (holds/hold.service.ts).
  await refuseHeldStones(
    db,
    [...records.values()].filter((r) => r.kind === 'diamond').map((r) => r.id),
    owner.customerId,
  );
  const { cartId, token } = await writeTransaction(db, async (trx) => {
    let existing = await findCart(trx, owner);
    if (!existing) {
      const created = await createCart(trx, owner);
      if (created) {
        // A cart made by this add is new and empty: nothing to touch, no lines to read.
        await putLines(trx, created.cart.id, [], lines, records);
        return { cartId: created.cart.id, token: created.token };
      }
      // Another request of this customer made the cart first (and has committed): add to that one.
      existing = await findCart(trx, owner);
      if (!existing) throw new Error('the active cart that won the insert could not be read');
    }
    await touchCart(trx, existing.id);
    await putLines(trx, existing.id, await cartLines(trx, existing.id), lines, records);
    return { cartId: existing.id, token: undefined };
  });
  return { cart: await readCart(db, cartId, records), token };
}

/** The owner's cart, which `cartId` (from the body) must name: a client never reaches another cart. */
export async function ownCart(db: Db, owner: Owner, cartId: number): Promise<CartRow> {
  const cart = await findCart(db, owner);
  if (!cart || cart.id !== cartId) throw new HttpError(403, 'cart_id: this is not your cart', 'not_your_cart', { cart_id: ['this is not your cart'] });
  return cart;
}

export interface QuantityChange {
  id: number;
  quantity: number;
}

/** Sets line quantities. Diamonds and build-your-own lines are one of a kind: they stay at 1. */
export async function updateQuantities(db: Db, owner: Owner, changes: QuantityChange[]): Promise<Cart> {
  const cart = await findCart(db, owner);
  if (!cart) throw new HttpError(404, 'Your cart is empty', 'not_found');
  const rows = await cartLines(db, cart.id);
  const records = await loadItems(
    db,
    rows.map((r) => r.item_id),
  );
  changes.forEach((change, i) => {
    const row = rows.find((r) => r.id === change.id);
    if (!row)
      throw new HttpError(404, `data.items.${i}.id: there is no line ${change.id} in your cart`, 'not_found', {
        [`data.items.${i}.id`]: ['is not a line of your cart'],
      });
    const unique = row.byo_id !== null || records.get(row.item_id)?.kind === 'diamond';
    if (unique && change.quantity !== 1) {
      const message = 'a diamond is one of a kind: its quantity stays 1';
      throw new HttpError(400, `data.items.${i}.quantity: ${message}`, 'bad_request', { [`data.items.${i}.quantity`]: [message] });
    }
  });
  await writeTransaction(db, async (trx) => {
    await touchCart(trx, cart.id);
    for (const change of changes) await setLineQuantity(trx, cart.id, change.id, change.quantity);
  });
  return readCart(db, cart.id);
}

export interface RemoveItem {
  cart_id: number;
  byo_id?: string;
  product_id?: number;
  cart_item_id?: number;
}

/** Removes the named line; one part of a build-your-own pair takes the whole pair with it. */
export async function removeItem(db: Db, owner: Owner, data: RemoveItem): Promise<Cart> {
  const cart = await ownCart(db, owner, data.cart_id);
  const rows = await cartLines(db, cart.id);
  const targets = rows.filter(
    (r) =>
      (data.cart_item_id === undefined || r.id === data.cart_item_id) &&
      (data.byo_id === undefined || r.byo_id === data.byo_id) &&
      (data.product_id === undefined || r.item_id === data.product_id),
  );
  if (!targets.length) {
    const field = data.cart_item_id !== undefined ? 'cart_item_id' : data.product_id !== undefined ? 'product_id' : 'byo_id';
    throw new HttpError(404, `${field}: this item is not in your cart`, 'not_found', { [field]: ['is not in your cart'] });
  }
  const pairs = new Set(targets.map((r) => r.byo_id).filter((b) => b !== null));
  const ids = rows.filter((r) => targets.includes(r) || (r.byo_id !== null && pairs.has(r.byo_id))).map((r) => r.id);
  await writeTransaction(db, async (trx) => {
    await touchCart(trx, cart.id);
    await deleteLines(trx, cart.id, ids);
  });
  return readCart(db, cart.id);
}

export async function removeAll(db: Db, owner: Owner, cartId: number): Promise<Cart> {
  const cart = await ownCart(db, owner, cartId);
  await writeTransaction(db, async (trx) => {
    await touchCart(trx, cart.id);
    await deleteAllLines(trx, cart.id);
  });
  return readCart(db, cart.id);
}
