/** The account endpoints' answers as zod schemas: their one description (presenters' types, OpenAPI document). */
import { z } from 'zod';

/** Just a sentence for the shopper (register, forgot/reset password, logout, verify). */
export const messageAnswerSchema = z.object({ message: z.string() });

/** The customer as the API shows it (never the password hash). */
export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  is_verified: z.boolean(),
  created_at: z.string(),
});
export type CustomerJson = z.output<typeof customerSchema>;

export const customerAnswerSchema = z.object({ data: customerSchema });
export const profileAnswerSchema = z.object({ message: z.string(), data: customerSchema });

/** Sign-in: the bearer token (the same token is set as the session cookie) and where to go next. */
export const loginAnswerSchema = z.object({ message: z.string(), token: z.string(), data: customerSchema, redirect: z.string() });

/** A password change signs out every other session: the caller's new token. */
export const tokenAnswerSchema = z.object({ message: z.string(), token: z.string() });
