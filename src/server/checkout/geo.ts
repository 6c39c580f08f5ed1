/**
 * Countries, their states and per-country checks of postcodes and phone numbers, from maintained
 * datasets rather than hand-typed lists: country-region-data (ISO 3166-1 countries and ISO 3166-2
 * regions, MIT), postcode-validator (postcode patterns per country, MIT) and libphonenumber-js
 * (Google's libphonenumber metadata, MIT). Server-only: the browser gets the lists through the API.
 */
import regionData from 'country-region-data/data.json' with { type: 'json' };
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import type { CheckoutAddress, Region } from '~/features/checkout/checkout.schema.ts';
import { countryCode } from '~/features/account/address.schema.ts';

interface Entry {
  countryName: string;
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

const entries = (regionData as Entry[]).filter((c) => /^[A-Z]{2}$/.test(c.countryShortCode));
const byCode = new Map(entries.map((c) => [c.countryShortCode, c]));

/** Countries whose postal addresses name a state or province; elsewhere the state is optional. */
const STATE_REQUIRED = new Set(['US', 'CA', 'AU', 'MX', 'BR', 'IN', 'JP', 'CN', 'AR', 'MY']);

export function countries(): Region[] {
  return entries.map((c) => ({ code: c.countryShortCode, name: c.countryName })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** POST /api/checkout/states: `{ country }`, a two-letter ISO code. */
export const statesRequestSchema = z.object({ country: countryCode() });

export function countryName(code: string): string | undefined {
  return byCode.get(code)?.countryName;
}

/** The country's states (ISO 3166-2 short codes), or undefined for a country we do not know. */
export function states(code: string): Region[] | undefined {
  const entry = byCode.get(code.toUpperCase());
  return entry?.regions.map((r) => ({ code: r.shortCode ?? r.name, name: r.name }));
}

export const stateRequired = (country: string) => STATE_REQUIRED.has(country);

/**
 * The country-dependent checks of one address, as `errors` keyed `${prefix}.field` (`field` without a prefix:
 * the account's address book runs the same checks); the state is
 * normalised to its code when the shopper gave its name. Empty when the address is good.
 */
export function checkAddress(address: CheckoutAddress, prefix: string): { address: CheckoutAddress; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[prefix ? `${prefix}.${field}` : field] ??= []).push(message);
  const entry = byCode.get(address.country);
  if (!entry) {
    add('country', 'Choose a country from the list');
    return { address, errors };
  }
  let state = address.state;
  const regions = states(address.country) ?? [];
  if (state) {
    const found = regions.find((r) => r.code.toLowerCase() === state!.toLowerCase() || r.name.toLowerCase() === state!.toLowerCase());
    if (regions.length && !found) add('state', `Choose a state of ${entry.countryName} from the list`);
    else if (found) state = found.code;
  } else if (stateRequired(address.country)) {
    add('state', 'Choose a state');
  }
  if (postcodeValidatorExistsForCountry(address.country) && !postcodeValidator(address.postcode, address.country)) {
    add('postcode', `Enter a valid postcode for ${entry.countryName}`);
  }
  let phoneOk = false;
  try {
    phoneOk = isValidPhoneNumber(address.phone, address.country as CountryCode);
  } catch {
    phoneOk = false;
  }
  if (!phoneOk) add('phone', `Enter a valid phone number for ${entry.countryName}`);
  return { address: { ...address, state }, errors };
}
