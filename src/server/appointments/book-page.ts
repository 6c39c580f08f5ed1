/**
 * What /book-appointment needs from the server: the calendar, the chosen (or first open) day's slots, the
 * shopper's defaults, and, for the plain form post made before JavaScript, the booking or its errors.
 */
import type { AstroGlobal } from 'astro';
import { HttpError, validationError } from '~/server/endpoint/http.ts';
import { clientKey } from '~/server/security/client-address.ts';
import { bookingSchema, dateField, kindField, type AppointmentData, type DaySlots } from '~/features/appointments/appointments.schema.ts';
import { isSameSitePath } from '~/lib/same-site-path.ts';
import { bookingCalendar } from './calendar.ts';
import { book, daySlots } from './appointments.service.ts';

export interface BookPage {
  calendar: ReturnType<typeof bookingCalendar>;
  kind: 'showroom' | 'video';
  day: DaySlots | null;
  defaults: Record<string, string>;
  outcome?: { errors?: Record<string, string[]>; message?: string; values: Record<string, string> };
  booked?: AppointmentData;
}

export async function bookPage(Astro: AstroGlobal): Promise<BookPage> {
  const calendar = bookingCalendar();
  const query = Astro.url.searchParams;
  let values: Record<string, string> | undefined;
  let outcome: BookPage['outcome'];
  let booked: AppointmentData | undefined;

  if (Astro.request.method === 'POST') {
    const form = await Astro.request.formData().catch(() => new FormData());
    values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    try {
      const parsed = bookingSchema.safeParse(values);
      if (!parsed.success) throw validationError(parsed.error);
      booked = await book(parsed.data, Astro.locals.customer, clientKey(Astro));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      Astro.response.status = error.status;
      outcome = { errors: error.errors, message: error.errors ? undefined : error.message, values };
    }
  }

  const kindParsed = kindField.safeParse(values?.kind ?? query.get('kind') ?? calendar.kinds[0]);
  const kind = kindParsed.success && calendar.kinds.includes(kindParsed.data) ? kindParsed.data : calendar.kinds[0]!;
  // The day: the one of a posted start (shown again with its errors), ?date=, or the first open day.
  const postedDay = values?.start ? new Intl.DateTimeFormat('en-CA', { timeZone: calendar.time_zone }).format(new Date(values.start)) : undefined;
  const dateParsed = dateField.safeParse(postedDay ?? query.get('date') ?? calendar.first_open_day ?? '');
  let day: DaySlots | null = null;
  if (dateParsed.success) day = await daySlots(dateParsed.data, kind).catch(() => null);

  const customer = Astro.locals.customer;
  const attach = query.get('attach') ?? '';
  const defaults: Record<string, string> = {
    name: customer ? `${customer.first_name} ${customer.last_name}`.trim() : '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    attachment: isSameSitePath(attach) ? attach : '',
  };
  return { calendar, kind, day, defaults, outcome, booked };
}
