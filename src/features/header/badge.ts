/** The count badges of the header (cart and wishlist). */

/** the cart badge shows at most 99, and "99+" above. */
export const BADGE_MAX = 99;

/** The badge text for a count: '' (no badge) for zero or less, '99+' above 99. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

/** The link's accessible name with its count: "Cart", "Cart, 1 item", "Cart, 120 items". */
export function badgeLabel(name: string, count: number): string {
  if (!Number.isFinite(count) || count <= 0) return name;
  const n = Math.floor(count);
  return `${name}, ${n} ${n === 1 ? 'item' : 'items'}`;
}
