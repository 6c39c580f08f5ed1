/**
 * The /cart screen: every line (build-your-own pairs together), quantities for products (a diamond or
 * a pair stays at one), removal through the confirm dialog, the totals and the way to checkout.
 * The server renders it with the cart; the island then follows the shared cart store.
 */
import { useStore } from '~/lib/use-store.ts';
import { useEffect, useState } from 'react';
import { MAX_LINE_QUANTITY, type Cart, type CartItem } from './cart.schema.ts';
import { $cart, hydrateCart, updateQuantity } from './cart.store.ts';
import { groupByByo, hasFixedQuantity, pricedQuantity } from './cart.ts';
import { CartLine } from './LineItemCard.tsx';
import { notify } from './notify.ts';
import { useCartRemoval } from './useCartRemoval.tsx';
import { useHydrated } from './useHydrated.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';
import { taxLine } from '~/features/checkout/tax-line.ts';
import { RemoveAllButton } from './RemoveAllButton.tsx';

interface Props {
  cart: Cart;
  /** A message from a plain-HTML add-to-cart form that failed (?error=). */
  error?: string;
}

function Quantity({ item }: { item: CartItem }) {
  const [busy, setBusy] = useState(false);
  if (hasFixedQuantity(item)) return <span className="text-xs text-muted">Qty: {item.quantity}</span>;
  const change = async (quantity: number) => {
    setBusy(true);
    try {
      await updateQuantity(item.id, quantity);
    } catch (error) {
      notify(shopperMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="flex items-center gap-2 text-xs text-muted">
      Qty
      <select
        value={item.quantity}
        disabled={busy}
        onChange={(e) => change(Number(e.target.value))}
        aria-label={`Quantity of ${item.product.name}`}
        className="rounded border border-primary/30 bg-white px-2 py-1 text-sm text-ink"
      >
        {Array.from({ length: Math.max(MAX_LINE_QUANTITY, item.quantity) }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function CartPage({ cart: initial, error }: Props) {
  const stored = useStore($cart);
  const cart = (useHydrated() && stored) || initial;
  const removal = useCartRemoval();
  useEffect(() => hydrateCart(initial), [initial]);
  const groups = groupByByo(cart.items);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="font-serif text-4xl text-primary">Your Cart</h1>
        {cart.items.length > 0 && (
          <RemoveAllButton className="text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={() => removal.request({ mode: 'all' })} />
        )}
      </div>
      {error && (
        <p role="alert" className="mt-6 rounded border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {cart.items.length === 0 ? (
        <div className="mt-10 rounded bg-ivory px-6 py-16 text-center">
          <p className="text-lg">Your cart is empty.</p>
          <a href="/" className="mt-6 inline-block rounded-full bg-primary px-7 py-3 text-sm font-medium tracking-wide text-white hover:bg-primary-light">
            Continue shopping
          </a>
        </div>
      ) : (
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_340px]">
          <ul className="divide-y divide-primary/10 border-y border-primary/10" aria-label="Cart items">
            {groups.map((group) => (
              <li key={group.key} className="py-5" data-byo-group={group.byo_id ?? undefined}>
                {group.byo_id && <p className="mb-2 text-xs font-semibold tracking-widest text-gold uppercase">Build your own ring</p>}
                {group.items.map((item) => (
                  <div key={item.id} className="flex flex-col gap-2 sm:flex-row sm:items-start">
                    <div className="flex-1">
                      <CartLine item={item} onRemove={() => removal.request({ mode: 'item', item })} quantitySlot={<Quantity item={item} />} />
                    </div>
                    <p className="text-right text-sm font-semibold sm:w-28">
                      <span className="sr-only">Line total </span>
                      {item.formated_total}
                    </p>
                  </div>
                ))}
              </li>
            ))}
          </ul>
          <aside className="h-fit rounded bg-ivory p-6" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="font-serif text-2xl text-primary">
              Order summary
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>
                  Subtotal ({pricedQuantity(cart)} {pricedQuantity(cart) === 1 ? 'item' : 'items'})
                </dt>
                <dd>{cart.formated_sub_total}</dd>
              </div>
              {cart.discount_amount > 0 && (
                <div className="flex justify-between">
                  <dt>Discount</dt>
                  <dd>−{cart.formated_discount_amount}</dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt>Shipping</dt>
                <dd>{cart.shipping_amount > 0 ? cart.formated_shipping_amount : 'Calculated at checkout'}</dd>
              </div>
              {(() => {
                const tax = taxLine(cart);
                return tax && !tax.included ? (
                  <div className="flex justify-between" data-cart-tax>
                    <dt>{tax.label}</dt>
                    <dd>{tax.value}</dd>
                  </div>
                ) : null;
              })()}
              <div className="flex justify-between border-t border-primary/10 pt-3 text-base font-semibold">
                <dt>Estimated Total</dt>
                <dd data-cart-total>{cart.formated_grand_total}</dd>
              </div>
              {taxLine(cart)?.included && (
                <div className="flex justify-between text-muted" data-cart-tax>
                  <dt>{taxLine(cart)!.label}</dt>
                  <dd>{taxLine(cart)!.value}</dd>
                </div>
              )}
            </dl>
            {cart.has_unavailable_items && <p className="mt-4 text-sm text-red-800">Remove the items that are no longer available to check out.</p>}
            <a
              href="/checkout"
              className="mt-6 block rounded-full bg-primary py-3 text-center text-sm font-medium tracking-wide text-white hover:bg-primary-light"
            >
              Proceed to Checkout
            </a>
          </aside>
        </div>
      )}
      {removal.dialog}
    </div>
  );
}
