/**
 * The /checkout step: billing address (a saved one for customers), optionally a different shipping
 * address, delivery instructions, then the shipping rates the server computes for them. Errors from the
 * server show next to their fields, or in the snackbar; nothing typed is lost when a step fails.
 */
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '~/lib/http.ts';
import { notify } from '~/features/cart/notify.ts';
import { AddressFields, EMPTY_ADDRESS, type AddressValues } from './AddressFields.tsx';
import { checkoutApi } from './checkout.api.ts';
import type { CheckoutAddress, Region, ShippingRate } from './checkout.schema.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';

export interface SavedAddress extends Partial<CheckoutAddress> {
  id: number;
  default_address: boolean;
}

interface Props {
  isGuest: boolean;
  countries: Region[];
  states: Region[];
  saved: SavedAddress[];
  billing: CheckoutAddress | null;
  shipping: CheckoutAddress | null;
  instructions: string | null;
  rates: ShippingRate[];
  selectedRateId: string | null;
}

const asValues = (a: Partial<CheckoutAddress> | null | undefined): AddressValues =>
  Object.fromEntries(Object.entries({ ...EMPTY_ADDRESS, ...(a ?? {}) }).map(([k, v]) => [k, v == null ? '' : String(v)]));

const differs = (a: CheckoutAddress | null, b: CheckoutAddress | null) =>
  !!a && !!b && (a.address1 !== b.address1 || a.postcode !== b.postcode || a.country !== b.country || a.city !== b.city);

export default function CheckoutAddress(props: Props) {
  const fallback = props.saved.find((a) => a.default_address) ?? props.saved[0];
  const [billing, setBilling] = useState<AddressValues>(asValues(props.billing ?? fallback));
  const [shipping, setShipping] = useState<AddressValues>(asValues(props.shipping));
  const [shipElsewhere, setShipElsewhere] = useState(differs(props.billing, props.shipping));
  const [instructions, setInstructions] = useState(props.instructions ?? '');
  const [rates, setRates] = useState<ShippingRate[]>(props.rates);
  const [rateId, setRateId] = useState(props.selectedRateId ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) => {
    const api = error instanceof ApiError ? error : undefined;
    setErrors(api?.errors ?? {});
    notify(shopperMessage(error), 'error');
  };
  const clean = (v: AddressValues) => Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== '' || k === 'state'));

  async function saveAddress(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await checkoutApi.saveAddress({
        billing: clean(billing) as never,
        shipping: shipElsewhere ? (clean(shipping) as never) : null,
        instructions,
      });
      setErrors({});
      setRates(answer.data.rates);
      setRateId(answer.data.rates.find((r) => r.id === rateId)?.id ?? answer.data.rates[0]?.id ?? '');
      document.getElementById('shipping-methods')?.focus();
    } catch (error) {
      setRates([]);
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function continueToPayment(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rateId) return notify('Choose a shipping method', 'warning');
    setBusy(true);
    try {
      await checkoutApi.saveShipping(rateId);
      window.location.assign('/checkout/payment');
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  }

  const choose = (id: string) => {
    const a = props.saved.find((s) => String(s.id) === id);
    if (a) setBilling({ ...asValues(a), email: billing.email ?? '' });
  };
  const edit = (setter: (v: AddressValues) => void) => (v: AddressValues) => {
    setter(v);
    setRates([]);
  };
  /** One address's fields; editing them drops the rates quoted for the old address. */
  const addressFields = (
    prefix: 'billing' | 'shipping',
    values: AddressValues,
    setter: (v: AddressValues) => void,
    initialStates: Region[],
    withEmail: boolean,
  ) => (
    <AddressFields
      prefix={prefix}
      values={values}
      onChange={edit(setter)}
      errors={errors}
      countries={props.countries}
      initialStates={initialStates}
      withEmail={withEmail}
    />
  );

  return (
    <div className="space-y-8">
      <form onSubmit={saveAddress} className="space-y-6" noValidate aria-labelledby="address-title">
        <h2 id="address-title" className="font-serif text-2xl text-primary">
          Billing address
        </h2>
        {props.saved.length > 0 && (
          <div>
            <label htmlFor="saved-address" className="text-sm font-medium">
              Use a saved address
            </label>
            <select
              id="saved-address"
              onChange={(e) => choose(e.target.value)}
              defaultValue={props.billing ? '' : String(fallback?.id ?? '')}
              className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2"
            >
              <option value="">Enter a new address</option>
              {props.saved.map((a) => (
                <option key={a.id} value={a.id}>
                  {[a.first_name, a.last_name].join(' ')}, {a.address1}, {a.city} {a.postcode}
                </option>
              ))}
            </select>
          </div>
        )}
        {addressFields('billing', billing, setBilling, props.states, props.isGuest)}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={shipElsewhere} onChange={(e) => (setShipElsewhere(e.target.checked), setRates([]))} />
          Ship to a different address
        </label>
        {shipElsewhere && (
          <fieldset className="space-y-4">
            <legend className="font-serif text-2xl text-primary">Shipping address</legend>
            {addressFields('shipping', shipping, setShipping, [], false)}
          </fieldset>
        )}
        <div>
          <label htmlFor="instructions" className="text-sm font-medium">
            Delivery instructions (optional)
          </label>
          <textarea
            id="instructions"
            name="instructions"
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            maxLength={500}
            rows={2}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
        </div>
        <button type="submit" disabled={busy} className="rounded-full bg-primary px-8 py-3 font-medium text-white hover:bg-primary-light disabled:opacity-60">
          Show shipping methods
        </button>
      </form>

      {rates.length > 0 && (
        <form onSubmit={continueToPayment} className="space-y-4">
          <fieldset id="shipping-methods" tabIndex={-1} className="space-y-2">
            <legend className="font-serif text-2xl text-primary">Shipping method</legend>
            {rates.map((r) => (
              <label key={r.id} className="flex items-start gap-3 rounded-md border border-gray-200 p-3">
                <input type="radio" name="selected_shipping_rate_id" value={r.id} checked={rateId === r.id} onChange={() => setRateId(r.id)} className="mt-1" />
                <span className="flex-1">
                  <span className="block font-medium">
                    {r.method_title} <span className="text-muted">· {r.carrier_title}</span>
                  </span>
                  <span className="block text-sm text-muted">{r.description}</span>
                </span>
                <span className="font-medium">{r.price === 0 ? 'Free' : r.formated_price}</span>
              </label>
            ))}
          </fieldset>
          {errors.selected_shipping_rate_id && <p className="text-sm text-red-700">{errors.selected_shipping_rate_id[0]}</p>}
          <button type="submit" disabled={busy} className="rounded-full bg-primary px-8 py-3 font-medium text-white hover:bg-primary-light disabled:opacity-60">
            Continue to payment
          </button>
        </form>
      )}
    </div>
  );
}
