/**
 * The cart popup (docs/api.md): 350px wide, at least 475px tall; title Cart and Remove All; a
 * 325px scrolling list grouped by build-your-own id; Estimated Total; View Cart and Checkout. It shows
 * only once the cart has loaded, fades in over 250 ms and out over 100 ms, and sits under whichever
 * cart link opened it (see popup-triggers.ts for when it opens and closes). It hydrates the first time a
 * shopper reaches for the cart (`client:cart`, hydrate-on-cart.ts), so pages without another island
 * load no React.
 */
import { useStore } from '~/lib/use-store.ts';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { bindCartPopup, type PopupBinding } from './popup-triggers.ts';
import { $cart, loadCart } from './cart.store.ts';
import { groupByByo } from './cart.ts';
import { CartLine } from './LineItemCard.tsx';
import { useCartRemoval } from './useCartRemoval.tsx';
import { useHydrated } from './useHydrated.ts';
import { CART_POPUP_READY } from './notify.ts';
import { taxLine } from '~/features/checkout/tax-line.ts';
import { RemoveAllButton } from './RemoveAllButton.tsx';

export const POPUP_ID = 'cart-popup';
const WIDTH = 350;
const MARGIN = 8;

export default function CartPopup() {
  const stored = useStore($cart);
  const cart = useHydrated() ? stored : undefined;
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  const wrapper = useRef<HTMLDivElement>(null);
  const anchor = useRef<HTMLElement | null>(null);
  const state = useRef({ open: false, held: false });
  const binding = useRef<PopupBinding | null>(null);
  const removal = useCartRemoval();
  state.current.held = removal.isOpen;

  useEffect(() => {
    loadCart().catch(() => {});
    binding.current = bindCartPopup({
      wrapper: () => wrapper.current,
      anchor: () => anchor.current,
      isOpen: () => state.current.open,
      isHeld: () => state.current.held,
      open(link) {
        anchor.current = link;
        const rect = link.getBoundingClientRect();
        const left = Math.min(rect.right - WIDTH, window.innerWidth - WIDTH - MARGIN);
        setPlace({ top: rect.bottom, left: Math.max(MARGIN, left) });
        state.current.open = true;
        setOpen(true);
      },
      close() {
        state.current.open = false;
        setOpen(false);
      },
      refresh: () => void loadCart(true).catch(() => {}),
    });
    window.dispatchEvent(new Event(CART_POPUP_READY));
    return () => binding.current?.dispose();
  }, []);

  useEffect(() => binding.current?.forgetPointer(), [removal.isOpen]);

  useEffect(() => {
    for (const link of document.querySelectorAll('[data-cart-link]')) link.setAttribute('aria-expanded', String(open && cart !== undefined));
  }, [open, cart]);

  const shown = open && cart !== undefined;
  const style: CSSProperties = {
    top: place.top,
    left: place.left,
    opacity: shown ? 1 : 0,
    visibility: shown ? 'visible' : 'hidden',
    transform: shown ? 'translateY(0)' : 'translateY(-6px)',
    transition: shown
      ? 'opacity 250ms ease-out, transform 250ms ease-out, visibility 0s'
      : 'opacity 100ms ease-in, transform 100ms ease-in, visibility 0s linear 100ms',
  };
  const groups = cart ? groupByByo(cart.items) : [];

  return (
    <div ref={wrapper} id={POPUP_ID} data-state={shown ? 'open' : 'closed'} style={style} className="fixed z-50 pt-2">
      {cart && (
        <section
          aria-labelledby="cart-popup-title"
          className="flex min-h-[475px] w-[350px] max-w-[calc(100vw-16px)] flex-col rounded-md border border-primary/10 bg-white text-ink shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-primary/10 px-5 py-3">
            <h2 id="cart-popup-title" className="font-serif text-2xl text-primary">
              Cart
            </h2>
            {cart.items.length > 0 && (
              <RemoveAllButton
                className="text-xs font-medium tracking-wide text-primary underline-offset-4 hover:underline"
                onClick={() => removal.request({ mode: 'all' })}
              />
            )}
          </div>
          <ul className="h-[325px] space-y-4 overflow-y-auto px-5 py-4" aria-label="Cart items" tabIndex={0} data-cart-popup-list>
            {groups.length === 0 && <li className="pt-24 text-center text-sm text-muted">Your cart is empty.</li>}
            {groups.map((group) => (
              <li key={group.key} data-byo-group={group.byo_id ?? undefined} className={group.byo_id ? 'rounded border border-gold-light/70 p-2' : undefined}>
                {group.byo_id && <p className="mb-2 text-[11px] font-semibold tracking-widest text-gold uppercase">Build your own</p>}
                <div className="space-y-3">
                  {group.items.map((item) => (
                    <CartLine key={item.id} item={item} onRemove={() => removal.request({ mode: 'item', item })} />
                  ))}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-auto border-t border-primary/10 px-5 py-4">
            {(() => {
              const tax = taxLine(cart);
              return tax && !tax.included ? (
                <p className="flex items-baseline justify-between text-xs text-muted" data-cart-popup-tax>
                  <span>{tax.label}</span>
                  <span>{tax.value}</span>
                </p>
              ) : null;
            })()}
            <p className="flex items-baseline justify-between text-sm">
              <span className="font-medium">Estimated Total</span>
              <span className="text-base font-semibold" data-cart-popup-total>
                {cart.formated_grand_total}
              </span>
            </p>
            {taxLine(cart)?.included && (
              <p className="flex items-baseline justify-between text-xs text-muted" data-cart-popup-tax>
                <span>{taxLine(cart)!.label}</span>
                <span>{taxLine(cart)!.value}</span>
              </p>
            )}
            <div className="mt-3 grid grid-cols-2 gap-3">
              <a href="/cart" className="rounded-full border border-primary py-2 text-center text-sm font-medium tracking-wide text-primary hover:bg-ivory">
                View Cart
              </a>
              <a href="/checkout" className="rounded-full bg-primary py-2 text-center text-sm font-medium tracking-wide text-white hover:bg-primary-light">
                Checkout
              </a>
            </div>
          </div>
        </section>
      )}
      {removal.dialog}
    </div>
  );
}
