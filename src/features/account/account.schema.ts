/**
 * The account API contract (zod), shared by the server (validation, 400 with `errors` per field) and the
 * islands (the same messages before a request is sent). Field names are the API's (section 3).
 */
import { z } from 'zod';

/** The message for a missing or mistyped field. */
const required = (what: string) => ({ error: `Enter ${what}` });

export const emailField = z
  .string(required('your e-mail address'))
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordField = z
  .string(required('a password'))
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

const name = (what: string) => z.string(required(what)).trim().min(1, `Enter ${what}`).max(100, 'Use at most 100 characters');

/** An optional text field: absent stays absent, '' or null clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const confirm = <T extends Record<string, unknown>>(password: keyof T & string, confirmation: keyof T & string) => ({
  check: (v: T) => v[password] === v[confirmation],
  params: { message: 'The passwords do not match', path: [confirmation] },
});

const registerFields = z.object({
  email: emailField,
  first_name: name('your first name'),
  last_name: name('your last name'),
  password: passwordField,
  password_confirmation: z.string(required('the password again')),
});
const registerConfirm = confirm<z.infer<typeof registerFields>>('password', 'password_confirmation');
export const registerSchema = registerFields.refine(registerConfirm.check, registerConfirm.params);

export const loginSchema = z.object({
  email: emailField,
  // Any length up to the maximum: accounts are never refused a sign-in for a rule added later.
  password: z.string(required('your password')).min(1, 'Enter your password').max(PASSWORD_MAX, 'The e-mail address or password is incorrect'),
});

/** POST /api/customer/login?redirect=: a same-site path to go to after sign-in (anything else becomes the profile). */
export const loginQuerySchema = z.object({ redirect: z.string().optional() });

export const GENDERS = ['Male', 'Female', 'Other'] as const;

export const profileSchema = z.object({
  first_name: name('your first name'),
  last_name: name('your last name'),
  email: emailField,
  gender: z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v) return null;
      const match = GENDERS.find((g) => g.toLowerCase() === v.toLowerCase());
      if (!match) ctx.addIssue({ code: 'custom', message: `Choose ${GENDERS.join(', ')} or leave it empty` });
      return match ?? null;
    }),
  phone: optionalText(30).refine((v) => !v || /^\+?[0-9 ()\-.]{5,30}$/.test(v), 'Enter a valid phone number'),
  date_of_birth: optionalText(10).refine((v) => !v || isPastDate(v), 'Enter a date of birth as YYYY-MM-DD, in the past'),
  /** Needed only to change the e-mail address (the server checks it then). */
  current_password: z.string().max(PASSWORD_MAX, 'The current password is incorrect').optional(),
});

function isPastDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= '1900-01-01' && d.getTime() < Date.now();
}

const changeFields = z.object({
  old_password: z.string(required('your current password')).min(1, 'Enter your current password').max(PASSWORD_MAX, 'The current password is incorrect'),
  new_password: passwordField,
  new_password_confirmation: z.string(required('the new password again')),
});
const changeConfirm = confirm<z.infer<typeof changeFields>>('new_password', 'new_password_confirmation');
export const changePasswordSchema = changeFields.refine(changeConfirm.check, changeConfirm.params);

export const forgotPasswordSchema = z.object({ email: emailField });

const tokenField = z.string(required('the token from the e-mail')).trim().min(1, 'The link is incomplete').max(128, 'The link is invalid');

const resetFields = z.object({
  email: emailField,
  token: tokenField,
  password: passwordField,
  password_confirmation: z.string(required('the password again')),
});
const resetConfirm = confirm<z.infer<typeof resetFields>>('password', 'password_confirmation');
export const resetPasswordSchema = resetFields.refine(resetConfirm.check, resetConfirm.params);

/** verify-account takes the token as the whole body (a JSON string) or as `{ token }`; `{}` asks for a new e-mail. */
export const verifyAccountSchema = z.union([tokenField.transform((token) => ({ token })), z.object({ token: tokenField.optional() })]);

/** The old address's link after an e-mail change (POST /api/customer/undo-email-change). */
export const undoEmailChangeSchema = z.object({ token: tokenField });

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
