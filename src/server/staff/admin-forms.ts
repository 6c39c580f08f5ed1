/**
 * The back office's forms work without JavaScript: each is a <form method="post"> with a hidden
 * `_action`; the page hands the handlers it offers to runAdminForm, which runs the one posted and then
 * redirects (303, post/redirect/get, with a ?notice= code), or returns the errors for the page to show
 * beside the fields, with what was typed (never passwords or codes).
 */
import type { AstroGlobal } from 'astro';
import type { z } from 'zod';
import { HttpError, validationError } from '~/server/endpoint/http.ts';
import { clientKey } from '~/server/security/client-address.ts';
import { actorOf } from './sign-in.ts';
import type { Actor } from './activity.ts';
import type { Staff } from './staff-session.ts';

export interface AdminOutcome {
  action: string;
  errors?: Record<string, string[]>;
  message?: string;
  values: Record<string, string>;
  /** Data a handler hands back to the page instead of redirecting (recovery codes shown once). */
  data?: unknown;
}

export interface FormContext {
  Astro: AstroGlobal;
  staff: Staff;
  actor: Actor;
  address: string;
  form: FormData;
}

/** A handler answers where to go next (a path with ?notice=), or data to show in place. */
type Handler = (values: Record<string, string>, ctx: FormContext) => Promise<string | { data: unknown }>;

export function parseForm<T extends z.ZodType>(schema: T, values: Record<string, string>): z.output<T> {
  const result = schema.safeParse(values);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const SECRET = /password|code/;

/** The answer's status for a refusal: the limits' and rights' own, else 400 (the form is shown again with its errors). */
const statusOf = (error: HttpError) => ([401, 403, 413, 429].includes(error.status) ? error.status : 400);

export interface AdminFormOptions {
  /** Reads the body instead of `request.formData()`: a page that takes uploads holds them to its own limit (an HttpError is shown on the page). */
  readForm?: (request: Request) => Promise<FormData>;
}

export async function runAdminForm(
  Astro: AstroGlobal,
  handlers: Record<string, Handler>,
  options: AdminFormOptions = {},
): Promise<AdminOutcome | Response | undefined> {
  if (Astro.request.method !== 'POST') return undefined;
  const staff = Astro.locals.staff;
  if (!staff) return Astro.redirect('/admin/login', 303);
  let form: FormData;
  try {
    form = options.readForm ? await options.readForm(Astro.request) : await Astro.request.formData();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) return undefined;
    Astro.response.status = statusOf(error);
    return { action: '', values: {}, errors: error.errors, message: error.errors ? undefined : error.message };
  }
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const action = values._action ?? '';
  const handler = handlers[action];
  if (!handler) return undefined;
  const echo = Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET.test(k)));
  const address = clientKey(Astro);
  try {
    const result = await handler(values, { Astro, staff, actor: actorOf(staff, address), address, form });
    if (typeof result === 'string') return Astro.redirect(result, 303);
    return { action, values: echo, data: result.data };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      Astro.response.status = statusOf(error);
      if (error.headers?.['retry-after']) Astro.response.headers.set('retry-after', error.headers['retry-after']);
      return { action, values: echo, errors: error.errors, message: error.errors ? undefined : error.message };
    }
    throw error;
  }
}

/** Success notices carried in ?notice= after a redirect: codes, never text from the address. */
const NOTICES: Record<string, string> = {
  'signed-out': 'You are signed out.',
  'timed-out': 'You were signed out after a while without activity. Please sign in again.',
  'two-factor-required': 'The shop requires two-factor sign-in for all staff: set it up below before you go on.',
  'two-factor-on': 'Two-factor sign-in is on.',
  'two-factor-off': 'Two-factor sign-in is off.',
  'password-changed': 'Your password has been changed.',
  'marked-paid': 'The order is marked as paid.',
  shipped: 'The order is shipped, and the customer has been e-mailed the tracking number.',
  cancelled: 'The order is cancelled.',
  refunded: 'The refund has been made.',
  resent: 'The e-mail is queued to be sent again.',
  'note-added': 'The note has been added.',
  'staff-added': 'The staff account has been added.',
  'staff-changed': 'The staff account has been changed.',
  'settings-saved': 'The setting has been saved.',
  'coupon-saved': 'The coupon has been saved.',
  'credit-saved': 'The store credit has been changed.',
  'appointment-cancelled': 'The appointment is cancelled, and the customer has been e-mailed.',
  'appointment-moved': 'The appointment has been moved, and the customer has been e-mailed.',
  'product-saved': 'The product has been saved. The shop shows it now.',
  'product-unchanged': 'Nothing was changed.',
  'photo-added': 'The photo has been added. The shop shows it now.',
  'photo-removed': 'The photo has been removed.',
  'photo-moved': 'The photos have been reordered.',
};

export function noticeFrom(url: URL): string | undefined {
  return NOTICES[url.searchParams.get('notice') ?? ''];
}
