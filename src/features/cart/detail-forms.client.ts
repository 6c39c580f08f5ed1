/**
 * The Add to cart and Add to wishlist forms of the diamond and product pages, enhanced. The
 * forms are real (`form[data-cart-add]`, `form[data-wishlist-add]`) and post without JavaScript, landing
 * on /cart or /wishlist. With this script a submit stays on the page instead: it sends the API's JSON
 * body through the same API (the shared stores' addToCart / addToWishlist, so the header badges follow),
 * disables the button while the request runs, then opens the cart popup (`open-cart-popup`) or shows the
 * wishlist snackbar. A failure shows the shopper's words for it (src/lib/shopper-text.ts) in the error
 * snackbar and leaves the page as it was. No React: a plain script, bundled with the page.
 */
import { addToCart } from './cart.store.ts';
import { notify, openCartPopup } from './notify.ts';
import { addToWishlist } from '~/features/wishlist/wishlist.store.ts';
import type { CartAddPayload } from './cart.schema.ts';
import type { WishlistAddPayload } from '~/features/wishlist/wishlist.schema.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};
const id = (data: FormData, name: string) => {
  const value = Number(text(data, name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** The cart-add payload of docs/api.md, from the form's fields. */
export function cartPayload(data: FormData): CartAddPayload {
  const option = id(data, 'selected_configurable_option');
  const size = text(data, 'selected_size');
  return {
    ids: data.getAll('ids').map(Number),
    is_byo: false,
    quantity: 1,
    ...(option ? { selected_configurable_option: option } : {}),
    ...(size ? { selected_size: size } : {}),
  };
}

async function submit(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
  const data = new FormData(form);
  const stone = form.dataset.kind === 'diamond';
  if (button) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    if (form.hasAttribute('data-cart-add')) {
      await addToCart(cartPayload(data));
      openCartPopup();
    } else {
      const option = id(data, 'selected_configurable_option');
      const payload: WishlistAddPayload = option ? { selected_configurable_option: option } : {};
      const answer = await addToWishlist(Number(form.dataset.productId), payload);
      notify(answer.message, 'success');
    }
  } catch (error) {
    notify(shopperMessage(error, { stone }), 'error');
  } finally {
    if (button) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

export function enhanceDetailForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-cart-add], form[data-wishlist-add]')) {
    if (form.dataset.enhanced !== undefined) continue;
    form.dataset.enhanced = '';
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const button = (event.submitter as HTMLButtonElement | null) ?? form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (form.getAttribute('aria-busy') === 'true') return;
      void submit(form, button);
    });
  }
}
