/**
 * One address's fields (billing or shipping), named `prefix.field` like the API's error keys, so each
 * server error shows next to its field. Countries come from the server (a maintained dataset); the
 * state list follows the chosen country. Controlled: what the shopper typed survives a failed step.
 */
import { useEffect, useState } from 'react';
import { checkoutApi } from './checkout.api.ts';
import type { Region } from './checkout.schema.ts';
import { RegionOptions } from './RegionOptions.tsx';

export type AddressValues = Record<string, string>;

export const EMPTY_ADDRESS: AddressValues = {
  first_name: '',
  last_name: '',
  email: '',
  address1: '',
  address2: '',
  city: '',
  country: 'US',
  state: '',
  postcode: '',
  phone: '',
};

interface Props {
  prefix: 'billing' | 'shipping';
  values: AddressValues;
  onChange: (values: AddressValues) => void;
  errors: Record<string, string[]>;
  countries: Region[];
  initialStates: Region[];
  withEmail: boolean;
}

const input =
  'mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

export function AddressFields({ prefix, values, onChange, errors, countries, initialStates, withEmail }: Props) {
  const [states, setStates] = useState<Region[]>(initialStates);
  const [loadedFor, setLoadedFor] = useState(values.country);
  useEffect(() => {
    if (values.country === loadedFor) return;
    const country = values.country ?? '';
    checkoutApi
      .states(country)
      .then((r) => {
        setStates(r.data);
        setLoadedFor(country);
      })
      .catch(() => setStates([]));
  }, [values.country, loadedFor]);

  const set = (name: string) => (e: { target: { value: string } }) => onChange({ ...values, [name]: e.target.value });
  const field = (name: string, label: string, props: Record<string, unknown> = {}) => {
    const id = `${prefix}-${name}`;
    const error = errors[`${prefix}.${name}`]?.[0];
    return (
      <div key={name}>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          type="text"
          id={id}
          name={`${prefix}.${name}`}
          value={values[name] ?? ''}
          onChange={set(name)}
          className={input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const stateError = errors[`${prefix}.state`]?.[0];
  const countryError = errors[`${prefix}.country`]?.[0];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field('first_name', 'First name', { autoComplete: `${prefix} given-name`, required: true })}
      {field('last_name', 'Last name', { autoComplete: `${prefix} family-name`, required: true })}
      {withEmail && <div className="sm:col-span-2">{field('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}</div>}
      <div className="sm:col-span-2">{field('address1', 'Street address', { autoComplete: `${prefix} address-line1`, required: true })}</div>
      <div className="sm:col-span-2">{field('address2', 'Apartment, suite (optional)', { autoComplete: `${prefix} address-line2` })}</div>
      {field('city', 'City', { autoComplete: `${prefix} address-level2`, required: true })}
      <div>
        <label htmlFor={`${prefix}-country`} className="text-sm font-medium">
          Country
        </label>
        <select
          id={`${prefix}-country`}
          name={`${prefix}.country`}
          value={values.country}
          onChange={(e) => onChange({ ...values, country: e.target.value, state: '' })}
          className={input}
          autoComplete={`${prefix} country`}
          aria-invalid={countryError ? true : undefined}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError && <p className="mt-1 text-sm text-red-700">{countryError}</p>}
      </div>
      {states.length > 0 ? (
        <div>
          <label htmlFor={`${prefix}-state`} className="text-sm font-medium">
            State / province
          </label>
          <select
            id={`${prefix}-state`}
            name={`${prefix}.state`}
            value={values.state}
            onChange={set('state')}
            className={input}
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? `${prefix}-state-error` : undefined}
          >
            <RegionOptions regions={states} />
          </select>
          {stateError && (
            <p id={`${prefix}-state-error`} className="mt-1 text-sm text-red-700">
              {stateError}
            </p>
          )}
        </div>
      ) : (
        field('state', 'State / region (optional)', { autoComplete: `${prefix} address-level1` })
      )}
      {field('postcode', 'Postcode', { autoComplete: `${prefix} postal-code`, required: true })}
      {field('phone', 'Phone', { type: 'tel', autoComplete: `${prefix} tel`, required: true })}
    </div>
  );
}
