/**
 * The cart as every island on the page sees it (header badge, popup, cart page), kept in step across
 * open tabs: each change is posted on a BroadcastChannel and the other tabs take the new cart.
 * Browser only: the server never sets a store (a store module is shared by every request there).
 */
import { atom } from 'nanostores';
import { cartApi } from './cart.api.ts';
import type { Cart, CartAddPayload, CartAnswer, CartItem } from './cart.schema.ts';
import { enableAdd } from './notify.ts';

/** undefined until the cart has been loaded. */
export const $cart = atom<Cart | undefined>(undefined);
/**
 * How many lines the cart holds (a build-your-own pair is one line): the header badge's number. A plain
 * function of $cart rather than a computed store: nanostores' computed and lifecycle code would weigh
 * half a kilobyte of gzipped JavaScript on every page.
 */
export const cartCount = (cart: Cart | undefined): number => cart?.items.length ?? 0;

const CHANNEL = 'aurelle:cart';
let channel: BroadcastChannel | undefined;

function tabs(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ cart?: Cart }>) => {
    if (event.data?.cart) $cart.set(event.data.cart);
  };
  return channel;
}

/** Replaces the cart (with a server answer) here and in the other tabs. */
export function setCart(cart: Cart): void {
  $cart.set(cart);
  tabs()?.postMessage({ cart });
}

/** Fills the store with the cart the server rendered into the page, unless it is already loaded. */
export function hydrateCart(cart: Cart): void {
  tabs();
  if (!$cart.get()) $cart.set(cart);
}

let loading: Promise<Cart> | undefined;

/** Loads the cart once per page (`force` reads it again). */
export function loadCart(force = false): Promise<Cart> {
  tabs();
  const current = $cart.get();
  if (current && !force) return Promise.resolve(current);
  loading ??= cartApi
    .get()
    .then(({ data }) => {
      $cart.set(data);
      return data;
    })
    .finally(() => (loading = undefined));
  return loading;
}

async function apply(call: Promise<CartAnswer>): Promise<CartAnswer> {
  const answer = await call;
  setCart(answer.data);
  return answer;
}

export const addToCart = (payload: CartAddPayload) => apply(cartApi.add(payload));

export const updateQuantity = (id: number, quantity: number) => apply(cartApi.update({ data: { items: [{ id, quantity }] } }));

/** Removes a line (a pair as a whole) and lets add buttons for it come back to life (`enable-add`). */
export async function removeCartItem(item: CartItem): Promise<CartAnswer> {
  const cartId = $cart.get()?.id;
  const answer = await apply(cartApi.removeItem({ cart_id: cartId ?? 0, byo_id: item.byo_id, product_id: item.product_id, cart_item_id: item.id }));
  enableAdd({ product_id: item.product_id, byo_id: item.byo_id });
  return answer;
}

export const removeAllCartItems = () => apply(cartApi.removeAll($cart.get()?.id ?? 0));
