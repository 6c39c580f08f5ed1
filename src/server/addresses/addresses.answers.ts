/** The address book's answers as zod schemas: their one description (presenter's type, OpenAPI document). */
import { z } from 'zod';

export const addressSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  postcode: z.string(),
  phone: z.string(),
  default_address: z.boolean(),
  addr_type: z.string().nullable(),
  address_type: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AddressJson = z.output<typeof addressSchema>;

export const addressListAnswerSchema = z.object({ data: z.array(addressSchema) });
export const addressAnswerSchema = z.object({ data: addressSchema });
export const savedAddressAnswerSchema = z.object({ message: z.string(), data: addressSchema });
