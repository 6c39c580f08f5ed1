/**
 * Wishlist state shared by the header badge and the wishlist page, kept in step across open tabs
 * (BroadcastChannel). Browser only, like every store: the server never sets it.
 */
import { atom } from 'nanostores';
import { setCart } from '~/features/cart/cart.store.ts';
import { wishlistApi } from './wishlist.api.ts';
import type { MoveSize, MoveToCartAnswer, WishlistAddByoPayload, WishlistAddPayload, WishlistChange, WishlistEntry, WishlistPage } from './wishlist.schema.ts';

/** How many entries the wishlist holds (a build-your-own pair is one). */
export const $wishlistCount = atom<number>(0);
/** The page of entries the wishlist screen shows; undefined elsewhere. */
export const $wishlistPage = atom<WishlistPage | undefined>(undefined);

type Message = { count?: number; changed?: boolean };
let channel: BroadcastChannel | undefined;

function tabs(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel('aurelle:wishlist');
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (typeof event.data?.count === 'number') $wishlistCount.set(event.data.count);
    const page = $wishlistPage.get();
    if (event.data?.changed && page) void loadWishlistPage(page.meta.current_page).catch(() => {});
  };
  return channel;
}

function changed(count: number): void {
  $wishlistCount.set(count);
  tabs()?.postMessage({ count, changed: true } satisfies Message);
}

let counting: Promise<number> | undefined;
export function loadWishlistCount(): Promise<number> {
  tabs();
  counting ??= wishlistApi.count().then(
    ({ data }) => {
      $wishlistCount.set(data.count);
      return data.count;
    },
    (error) => {
      counting = undefined;
      throw error;
    },
  );
  return counting;
}

/** Fills the page store with the entries the server rendered into the page. */
export function hydrateWishlist(page: WishlistPage): void {
  tabs();
  if (!$wishlistPage.get()) $wishlistPage.set(page);
  $wishlistCount.set(page.meta.total);
}

export async function loadWishlistPage(page: number): Promise<WishlistPage> {
  let answer = await wishlistApi.page(page);
  // The last entry of the last page went: show the page before it.
  if (!answer.data.length && page > 1) answer = await wishlistApi.page(Math.max(1, answer.meta.last_page));
  $wishlistPage.set(answer);
  $wishlistCount.set(answer.meta.total);
  return answer;
}

async function refreshAfter<T extends WishlistChange | MoveToCartAnswer>(call: Promise<T>): Promise<T> {
  const answer = await call;
  if ('wishlist_count' in answer) {
    setCart(answer.data);
    changed(answer.wishlist_count);
  } else changed(answer.data.count);
  const page = $wishlistPage.get();
  if (page) await loadWishlistPage(page.meta.current_page);
  return answer;
}

export const addToWishlist = (id: number, payload?: WishlistAddPayload) => refreshAfter(wishlistApi.add(id, payload));
export const addPairToWishlist = (payload: WishlistAddByoPayload) => refreshAfter(wishlistApi.addByo(payload));
export const removeFromWishlist = (entry: WishlistEntry) => refreshAfter(entry.byo_id ? wishlistApi.removeByo(entry.byo_id) : wishlistApi.remove(entry.id));
/** `size`: for a ring saved without its size (`needs_size`), the size it goes to the cart with. */
export const moveEntryToCart = (entry: WishlistEntry, size?: MoveSize) =>
  refreshAfter(entry.byo_id ? wishlistApi.moveByoToCart(entry.byo_id, size) : wishlistApi.moveToCart(entry.id, size));
export const moveAllToCart = () => refreshAfter(wishlistApi.moveAllToCart());
