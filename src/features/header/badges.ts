/**
 * The cart and wishlist count badges: static markup in the header that follows the stores. The cart
 * issue fills $cart (its count: cartCount) and the wishlist issue $wishlistCount; every badge and link on
 * the page updates.
 */
import type { ReadableAtom } from 'nanostores';
import { $cart, cartCount } from '~/features/cart/cart.store.ts';
import { $wishlistCount } from '~/features/wishlist/wishlist.store.ts';
import { badgeLabel, badgeText } from './badge.ts';

function bind<T>(store: ReadableAtom<T>, countOf: (value: T) => number, kind: 'cart' | 'wishlist', name: string) {
  const badges = [...document.querySelectorAll<HTMLElement>(`[data-count-badge="${kind}"]`)];
  const links = [...document.querySelectorAll<HTMLElement>(`[data-${kind}-link]`)];
  if (!badges.length && !links.length) return;
  store.subscribe((value) => {
    const count = countOf(value);
    const text = badgeText(count);
    for (const badge of badges) {
      badge.textContent = text;
      badge.hidden = !text;
    }
    for (const link of links) link.setAttribute('aria-label', badgeLabel(name, count));
  });
}

export function bindBadges(): void {
  bind($cart, cartCount, 'cart', 'Cart');
  bind($wishlistCount, (count) => count, 'wishlist', 'Wishlist');
}
