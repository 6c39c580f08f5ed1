/**
 * The account screens' forms work before JavaScript loads: each is a real <form method="post"> with a
 * hidden `_action`, which the page hands to `runFormAction`. It validates with the same zod schemas and
 * calls the same services as the API, then redirects (303, post/redirect/get) or returns the errors for
 * the page to render. With JavaScript, the islands send the same forms to the JSON API instead.
 */
import type { z } from 'zod';
import { HttpError, validationError } from '~/server/endpoint/http.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '~/features/account/account.schema.ts';
import { addressSchema } from '~/features/account/address.schema.ts';
import { changePassword, login, register, updateProfile } from './accounts.service.ts';
import { clientKey } from '~/server/security/client-address.ts';
import { forgotPassword, resendVerification, resetPassword, undoEmailChange, verifyAccount } from './recovery.service.ts';
import { endSession, type RequestContext } from './session.ts';
import { safeRedirect } from './auth.ts';
import { createAddress, editAddress, makeDefault, parseId, removeAddress } from '~/server/addresses/addresses.service.ts';
import { createPaymentLink, parseOrderId } from '~/server/orders/orders.service.ts';
import { shopperTextFor } from '~/lib/shopper-text.ts';

export interface FormOutcome {
  action: string;
  /** Field → messages, as the API's `errors`. */
  errors?: Record<string, string[]>;
  /** A message for the whole form (an error, or a success shown in place). */
  message?: string;
  ok?: boolean;
  /** What the shopper typed (never passwords), to fill the form again. */
  values: Record<string, string>;
  redirect?: string;
}

type PageContext = RequestContext & { clientAddress: string };

function parse<T extends z.ZodType>(schema: T, values: Record<string, string>): z.output<T> {
  const result = schema.safeParse(values);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function signedIn(context: PageContext) {
  if (!context.locals.customer) throw new HttpError(401, 'Please sign in to continue', 'unauthenticated');
  return context.locals.customer;
}

const actions: Record<string, (context: PageContext, values: Record<string, string>) => Promise<Partial<FormOutcome>>> = {
  async login(context, values) {
    await login(context, parse(loginSchema, values), clientKey(context));
    return { redirect: safeRedirect(values.redirect) };
  },
  async register(context, values) {
    const input = parse(registerSchema, values);
    const { message } = await register(input, clientKey(context));
    // Sign the new customer in at once; an address that already had an account simply is not signed in.
    try {
      await login(context, { email: input.email, password: input.password }, clientKey(context));
      const target = safeRedirect(values.redirect);
      return { redirect: target === '/customer/account/profile' ? `${target}?notice=welcome` : target };
    } catch {
      return { ok: true, message };
    }
  },
  async logout(context) {
    await endSession(context);
    return { redirect: '/customer?notice=signed-out' };
  },
  async forgot(context, values) {
    const { message } = await forgotPassword(parse(forgotPasswordSchema, values).email, clientKey(context));
    return { ok: true, message };
  },
  async reset(_context, values) {
    await resetPassword(parse(resetPasswordSchema, values));
    return { redirect: '/customer?notice=password-saved' };
  },
  async verify(_context, values) {
    const { message } = await verifyAccount(values.token ?? '');
    return { ok: true, message };
  },
  async 'undo-email'(_context, values) {
    const { message } = await undoEmailChange(values.token ?? '');
    return { ok: true, message };
  },
  async 'resend-verification'(context) {
    return { ok: true, message: (await resendVerification(signedIn(context))).message };
  },
  async profile(context, values) {
    await updateProfile(signedIn(context), parse(profileSchema, values), clientKey(context));
    return { redirect: '/customer/account/profile?notice=profile-saved' };
  },
  async 'change-password'(context, values) {
    await changePassword(context, signedIn(context), parse(changePasswordSchema, values), clientKey(context));
    return { redirect: '/customer/account/profile?notice=password-changed' };
  },
  async 'address-create'(context, values) {
    await createAddress(signedIn(context), parse(addressSchema, values));
    return { redirect: '/customer/account/addresses?notice=address-saved' };
  },
  async 'address-update'(context, values) {
    await editAddress(signedIn(context), parseId(values.id), parse(addressSchema, values));
    return { redirect: '/customer/account/addresses?notice=address-saved' };
  },
  async 'address-delete'(context, values) {
    await removeAddress(signedIn(context), parseId(values.id));
    return { redirect: '/customer/account/addresses?notice=address-deleted' };
  },
  async 'address-default'(context, values) {
    await makeDefault(signedIn(context), parseId(values.id));
    return { redirect: '/customer/account/addresses?notice=address-default' };
  },
  async pay(context, values) {
    return { redirect: (await createPaymentLink(signedIn(context), parseOrderId(values.id))).url };
  },
};

const SECRET = /password|token/;

/** Runs the posted form if its `_action` is one this page offers; undefined for anything else. */
export async function runFormAction(context: PageContext, allowed: string[]): Promise<FormOutcome | undefined> {
  if (context.request.method !== 'POST') return undefined;
  let form: FormData;
  try {
    form = await context.request.formData();
  } catch {
    return undefined;
  }
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const action = values._action ?? '';
  if (!allowed.includes(action) || !actions[action]) return undefined;
  const echo = Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET.test(k) || k === 'token'));
  try {
    return { action, values: echo, ...(await actions[action](context, values)) };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      // The page shows it: words for a shopper, never a field key (src/lib/shopper-text.ts).
      return {
        action,
        values: echo,
        errors: error.errors,
        message: error.errors ? undefined : shopperTextFor({ status: error.status, message: error.message, code: error.code }),
      };
    }
    throw error;
  }
}

/** Success notices carried in ?notice= after a redirect: codes, never text from the URL. */
export const NOTICES: Record<string, string> = {
  'signed-out': 'You are signed out.',
  'password-saved': 'Your password has been saved. You can now sign in with it.',
  welcome: 'Welcome! Your account is ready. We have sent you an e-mail to confirm your address.',
  'profile-saved': 'Your profile has been saved.',
  'password-changed': 'Your password has been changed. Other devices have been signed out.',
  'address-saved': 'The address has been saved.',
  'address-deleted': 'The address has been deleted.',
  'address-default': 'Your default address has been changed.',
};

export function noticeFrom(url: URL): string | undefined {
  return NOTICES[url.searchParams.get('notice') ?? ''];
}
