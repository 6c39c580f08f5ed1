/** The address contract (docs/api.md: address1, address2, city, country, state, postcode, phone,
 * default_address, addr_type, address_type), shared by the server and the address book island. */
import { z } from 'zod';

/** Text the form must have: "Enter <what>" when missing or blank. */
export const requiredText = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}` })
    .trim()
    .min(1, `Enter ${what}`)
    .max(max, `Use at most ${max} characters`);
/** Text that may be left out; blank reads as null. */
export const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** true/false, 1/0, "1"/"0", "true"/"false" and a checkbox's "on" all read as a boolean. */
export const looseBoolean = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

/** An ISO 3166-1 alpha-2 country code, upper-cased; `malformed` is the message for anything else. */
export const countryCode = (malformed = 'Choose a country (a two-letter ISO code such as US)') =>
  z
    .string({ error: 'Choose a country' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, malformed);

/** The account's address book entry; the checkout's address extends it (src/features/checkout/checkout.schema.ts). */
export const addressSchema = z.object({
  // Optional on the wire (the API's address has no names): the customer's own names fill them.
  first_name: nullableText(100),
  last_name: nullableText(100),
  address1: requiredText('the street address', 200),
  address2: nullableText(200),
  city: requiredText('the city', 100),
  country: countryCode(),
  state: nullableText(100),
  postcode: requiredText('the postcode', 20),
  phone: z
    .string({ error: 'Enter a phone number' })
    .trim()
    .regex(/^\+?[0-9 ()\-.]{5,30}$/, 'Enter a valid phone number'),
  default_address: looseBoolean.optional(),
  /** A label the customer picks, such as home or work. */
  addr_type: nullableText(30),
  /** What the address is for: shipping, billing or both. */
  address_type: nullableText(30),
});

export type AddressInput = z.infer<typeof addressSchema>;
