/**
 * One address form, for a new address or an edited one (not an island: AddressBook renders it). The
 * same countries (all of them), state lists and postcode rules as checkout: the server checks both with
 * src/server/checkout/geo.ts, and the state select follows the chosen country as checkout's does.
 */
import { useEffect, useState } from 'react';
import { addressSchema, type AddressInput } from './address.schema.ts';
import { checkoutApi } from '~/features/checkout/checkout.api.ts';
import type { Region } from '~/features/checkout/checkout.schema.ts';
import { RegionOptions } from '~/features/checkout/RegionOptions.tsx';
import type { AddressData } from './account.api.ts';
import { Field, FormMessage, SubmitButton, useAccountForm, type ServerOutcome } from './form.tsx';

const FIELDS = ['first_name', 'last_name', 'address1', 'address2', 'city', 'state', 'postcode', 'country', 'phone', 'addr_type', 'default_address'];

interface Props {
  address?: AddressData;
  initial?: ServerOutcome;
  onSave: (input: AddressInput) => Promise<string>;
  onCancel?: () => void;
  cancelHref?: string;
  countries: Region[];
  /** States of the countries the page knows already (the saved addresses' and the default one), by country code. */
  knownStates: Record<string, Region[]>;
}

export default function AddressForm({ address, initial, onSave, onCancel, cancelHref, countries, knownStates }: Props) {
  const { state, onSubmit } = useAccountForm(addressSchema, (data) => onSave(data), initial);
  const v = { ...(address as unknown as Record<string, string | null>), ...initial?.values };
  const [country, setCountry] = useState(v.country || 'US');
  const [regions, setRegions] = useState<Record<string, Region[]>>(knownStates);
  useEffect(() => {
    if (regions[country]) return;
    let live = true;
    checkoutApi
      .states(country)
      .then((r) => live && setRegions((known) => ({ ...known, [country]: r.data })))
      .catch(() => live && setRegions((known) => ({ ...known, [country]: [] })));
    return () => {
      live = false;
    };
  }, [country, regions]);
  const states = regions[country] ?? [];
  // The saved state stays chosen while its country does.
  const stateValue = country === (v.country || 'US') ? v.state : '';
  // The state field is a select when the country's states are known, else free text.
  const stateField = { name: 'state', autoComplete: 'address-level1', errors: state.errors };
  const title = address ? `Edit address: ${address.address1}` : 'Add an address';
  const titleId = address ? `address-form-${address.id}` : 'address-form-new';
  return (
    <form
      method="post"
      action="/customer/account/addresses"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-lg border border-gray-200 p-5"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="font-serif text-xl text-primary">
        {title}
      </h3>
      <input type="hidden" name="_action" value={address ? 'address-update' : 'address-create'} />
      {address && <input type="hidden" name="id" value={address.id} />}
      <FormMessage state={state} fields={FIELDS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="first_name" label="First name" autoComplete="given-name" errors={state.errors} defaultValue={v.first_name} />
        <Field name="last_name" label="Last name" autoComplete="family-name" errors={state.errors} defaultValue={v.last_name} />
        <Field name="address1" label="Street address" autoComplete="address-line1" required errors={state.errors} defaultValue={v.address1} />
        <Field name="address2" label="Apartment, suite (optional)" autoComplete="address-line2" errors={state.errors} defaultValue={v.address2} />
        <Field name="city" label="City" autoComplete="address-level2" required errors={state.errors} defaultValue={v.city} />
        <Field name="country" label="Country" autoComplete="country" required errors={state.errors} defaultValue={country} onSelect={setCountry}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Field>
        {states.length > 0 ? (
          <Field
            key={`state-${country}`}
            {...stateField}
            label="State / province"
            defaultValue={states.find((r) => r.code === stateValue || r.name === stateValue)?.code ?? ''}
          >
            <RegionOptions regions={states} />
          </Field>
        ) : (
          <Field key={`state-${country}`} {...stateField} label="State / region (optional)" defaultValue={stateValue} />
        )}
        <Field name="postcode" label="Postcode" autoComplete="postal-code" required errors={state.errors} defaultValue={v.postcode} />
        <Field name="phone" label="Phone" type="tel" autoComplete="tel" required errors={state.errors} defaultValue={v.phone} />
        <Field name="addr_type" label="Label (home, work…)" errors={state.errors} defaultValue={v.addr_type} />
      </div>
      {!address?.default_address && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="default_address" value="1" className="h-4 w-4" /> Use as my default address
        </label>
      )}
      <div className="flex items-center gap-4">
        <SubmitButton pending={state.pending}>Save address</SubmitButton>
        {(onCancel || cancelHref) && (
          <a
            href={cancelHref ?? '/customer/account/addresses'}
            onClick={(e) => {
              if (onCancel) {
                e.preventDefault();
                onCancel();
              }
            }}
            className="text-sm text-primary underline underline-offset-4"
          >
            Cancel
          </a>
        )}
      </div>
    </form>
  );
}
