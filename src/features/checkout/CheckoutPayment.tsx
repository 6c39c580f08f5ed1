/**
 * The /checkout/payment step: payment methods, coupon, store credit, the order summary (a
 * build-your-own ring's setting and stone together) and "Place order". Every total shown is the
 * server's; after each change the island shows the cart the server answered.
 */
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '~/lib/http.ts';
import { notify } from '~/features/cart/notify.ts';
import { checkoutApi, successUrl } from './checkout.api.ts';
import type { CheckoutCart, PaymentMethod, PaymentMethodCode } from './checkout.schema.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';
import { taxLine } from './tax-line.ts';
import { summaryRows } from './summary-rows.ts';

interface Props {
  cart: CheckoutCart;
  methods: PaymentMethod[];
}

const button = 'rounded-full bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-light disabled:opacity-60';
const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2';

export default function CheckoutPayment({ cart: initial, methods }: Props) {
  const [cart, setCart] = useState(initial);
  const [method, setMethod] = useState<PaymentMethodCode | ''>(initial.payment?.method ?? '');
  const [code, setCode] = useState(initial.coupon_code ?? '');
  const [amount, setAmount] = useState(initial.store_credit_amount ? String(initial.store_credit_amount) : '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<{ message: string; data: CheckoutCart } | void>, quiet = false) {
    setBusy(true);
    try {
      const answer = await work();
      if (answer) {
        setCart(answer.data);
        if (!quiet) notify(answer.message, 'success');
      }
      setErrors({});
    } catch (error) {
      const api = error instanceof ApiError ? error : undefined;
      setErrors(api?.errors ?? {});
      notify(shopperMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  const choose = (m: PaymentMethodCode) => {
    setMethod(m);
    void run(() => checkoutApi.savePayment(m), true);
  };
  const applyCoupon = (e: SubmitEvent<HTMLFormElement>) => (e.preventDefault(), void run(() => checkoutApi.applyCoupon(code)));
  const applyCredit = (e: SubmitEvent<HTMLFormElement>) => (e.preventDefault(), void run(() => checkoutApi.applyCredit(Number(amount))));

  async function placeOrder() {
    if (!method) return notify('Choose a payment method', 'warning');
    setBusy(true);
    try {
      const answer = await checkoutApi.saveOrder();
      window.location.assign(answer.redirect_url ?? successUrl(answer.order));
    } catch (error) {
      const api = error instanceof ApiError ? error : undefined;
      setErrors(api?.errors ?? {});
      notify(shopperMessage(error), 'error');
      setBusy(false);
    }
  }

  const tax = taxLine(cart);
  const rate = cart.selected_shipping_rate;
  const rows = summaryRows(cart, 'Subtotal', [`Shipping${rate ? ` (${rate.method_title})` : ''}`, cart.formated_shipping_amount]);
  const couponError = errors.code?.[0] ?? cart.coupon_error ?? undefined;

  return (
    <div className="grid gap-8 md:grid-cols-[1fr_22rem]">
      <div className="space-y-8">
        <fieldset className="space-y-2">
          <legend className="font-serif text-2xl text-primary">Payment method</legend>
          {methods.map((m) => (
            <label key={m.method} className="flex items-start gap-3 rounded-md border border-gray-200 p-3">
              <input
                type="radio"
                name="payment_method"
                value={m.method}
                checked={method === m.method}
                onChange={() => choose(m.method)}
                disabled={busy}
                className="mt-1"
              />
              <span>
                <span className="block font-medium">{m.method_title}</span>
                <span className="block text-sm text-muted">{m.description}</span>
              </span>
            </label>
          ))}
          {errors['payment.method'] && <p className="text-sm text-red-700">{errors['payment.method'][0]}</p>}
        </fieldset>

        <form onSubmit={applyCoupon} className="space-y-2" noValidate>
          <label htmlFor="coupon" className="block font-serif text-2xl text-primary">
            Coupon
          </label>
          <div className="flex gap-2">
            <ApplyInput id="coupon" name="code" value={code} onValue={setCode} invalid={!!couponError} describedBy={couponError ? 'coupon-error' : undefined} />
            <ApplyRemove
              canApply={!busy && !!code.trim()}
              busy={busy}
              onRemove={cart.coupon_code ? () => run(checkoutApi.removeCoupon).then(() => setCode('')) : undefined}
            />
          </div>
          {couponError && (
            <p id="coupon-error" className="text-sm text-red-700">
              {couponError}
            </p>
          )}
        </form>

        {!cart.is_guest && cart.store_credit_balance > 0 && (
          <form onSubmit={applyCredit} className="space-y-2" noValidate>
            <label htmlFor="store-credit" className="block font-serif text-2xl text-primary">
              Store credit
            </label>
            <p className="text-sm text-muted">Your balance: {cart.formated_store_credit_balance}</p>
            <div className="flex gap-2">
              <ApplyInput
                id="store-credit"
                name="amount"
                inputMode="decimal"
                value={amount}
                onValue={setAmount}
                describedBy={errors.amount ? 'credit-error' : undefined}
              />
              <ApplyRemove
                canApply={!busy && !!amount}
                busy={busy}
                onRemove={cart.store_credit_amount > 0 ? () => run(checkoutApi.removeCredit).then(() => setAmount('')) : undefined}
              />
            </div>
            {errors.amount && (
              <p id="credit-error" className="text-sm text-red-700">
                {errors.amount[0]}
              </p>
            )}
          </form>
        )}
      </div>

      <section aria-labelledby="summary-title" className="h-fit rounded-lg border border-gray-200 p-4">
        <h2 id="summary-title" className="font-serif text-2xl text-primary">
          Order summary
        </h2>
        <ul className="mt-3 divide-y divide-gray-100">
          {cart.items.map((item) => (
            <li key={item.id} className="py-3 text-sm">
              {item.child && <p className="text-xs font-semibold uppercase tracking-wide text-gold">Build your own ring</p>}
              {[item.product, item.child?.product]
                .filter((p) => p !== undefined)
                .map((p) => (
                  <div key={p.id} className="flex items-center gap-3 py-1">
                    <img src={p.base_image.medium_image_url} alt="" width={40} height={40} className="h-10 w-10 rounded-full bg-ivory object-contain" />
                    <span className="flex-1">{p.name}</span>
                  </div>
                ))}
              <p className="flex justify-between">
                <span className="text-muted">Qty {item.quantity}</span>
                <span className={item.is_available ? '' : 'text-red-700'}>{item.is_available ? item.formated_total : 'This item is no longer available!'}</span>
              </p>
            </li>
          ))}
        </ul>
        <dl className="space-y-1 border-t border-gray-200 pt-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between" data-testid={label === tax?.label ? 'summary-tax' : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="grand-total">{cart.formated_grand_total}</dd>
          </div>
          {tax?.included && (
            <div className="flex justify-between text-muted" data-testid="summary-tax">
              <dt>{tax.label}</dt>
              <dd>{tax.value}</dd>
            </div>
          )}
        </dl>
        <button
          type="button"
          onClick={placeOrder}
          disabled={busy}
          className="mt-4 w-full rounded-full bg-primary px-6 py-3 font-medium text-white hover:bg-primary-light disabled:opacity-60"
        >
          Place order
        </button>
        <a href="/checkout" className="mt-3 block text-center text-sm text-primary underline underline-offset-4">
          Change address or shipping
        </a>
      </section>
    </div>
  );
}

/** A code or amount form's Apply button, and Remove when something is applied (`onRemove`). */
function ApplyRemove({ canApply, busy, onRemove }: { canApply: boolean; busy: boolean; onRemove?: () => void }) {
  return (
    <>
      <button type="submit" disabled={!canApply} className={button}>
        Apply
      </button>
      {onRemove && (
        <button type="button" disabled={busy} onClick={onRemove} className="text-sm text-primary underline">
          Remove
        </button>
      )}
    </>
  );
}

interface ApplyInputProps {
  id: string;
  name: string;
  inputMode?: 'decimal';
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  /** The id of the error shown under the form, when there is one. */
  describedBy?: string;
}

/** The text box of a code or amount form (coupon, store credit). */
function ApplyInput({ id, name, inputMode, value, onValue, invalid, describedBy }: ApplyInputProps) {
  return (
    <input
      type="text"
      id={id}
      name={name}
      inputMode={inputMode}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      className={input}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}
