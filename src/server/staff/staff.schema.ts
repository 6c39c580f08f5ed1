/** What the back office's forms and the staff routes take (zod): the shoppers' e-mail and password rules. */
import { z } from 'zod';
import { emailField, passwordField, PASSWORD_MAX } from '~/features/account/account.schema.ts';
import { ROLES } from './roles.ts';

export const staffSignInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(PASSWORD_MAX, 'The e-mail address or password is incorrect'),
  code: z
    .string()
    .trim()
    .max(32, 'Enter the 6-digit code')
    .optional()
    .transform((v) => v || undefined),
});
export type StaffSignIn = z.output<typeof staffSignInSchema>;

export const roleField = z.enum(ROLES, { error: 'Choose owner, manager or editor' });

export const staffAddSchema = z.object({ email: emailField, role: roleField, password: passwordField });
export const staffRoleSchema = z.object({ role: roleField });
export const codeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});
export const changeStaffPasswordSchema = z.object({
  current_password: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
  new_password: passwordField,
});
