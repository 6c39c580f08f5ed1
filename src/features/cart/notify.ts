/** Window events the cart islands fire for the rest of the page (spec sections 2, 4 and 8). */

export type Severity = 'success' | 'error' | 'warning' | 'default';

/** Shows a message in the global snackbar (it listens for `show-snackbar`). */
export function notify(message: string, severity: Severity): void {
  window.dispatchEvent(new CustomEvent('show-snackbar', { detail: { message, severity } }));
}

/** After an item removal: add-to-cart buttons for that product may be enabled again. */
export function enableAdd(detail: { product_id: number; byo_id: string | null }): void {
  window.dispatchEvent(new CustomEvent('enable-add', { detail }));
}

/** The cart popup has hydrated and listens to the cart links (src/features/cart/hydrate-on-cart.ts). */
export const CART_POPUP_READY = 'cart-popup-ready';

/** Asks the cart popup to open (after an add, for example). */
export const OPEN_CART_POPUP = 'open-cart-popup';
export function openCartPopup(): void {
  window.dispatchEvent(new CustomEvent(OPEN_CART_POPUP));
}
