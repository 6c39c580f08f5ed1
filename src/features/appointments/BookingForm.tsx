/**
 * /book-appointment: kind, day, time, then the shopper's details. A real <form> posting to the page (which
 * books through the same service) until hydrated; then days load their slots from the API without a
 * reload and the form posts JSON. Rendered first in the showroom's zone (what the server knows), then in
 * the browser's zone once hydrated.
 */
import { useEffect, useId, useState } from 'react';
import { Field, FormMessage, SubmitButton, inputClass, useAccountForm, type ServerOutcome } from '~/features/account/form.tsx';
import { appointmentsApi } from './appointments.api.ts';
import { bookingSchema, type AppointmentData, type BookingCalendar, type DaySlots } from './appointments.schema.ts';
import { browserTimeZone, KIND_LABELS, zoneName } from './appointments.ts';
import DayCalendar from './DayCalendar.tsx';
import SlotPicker from './SlotPicker.tsx';
import BookingConfirmation from './BookingConfirmation.tsx';
import { shopperMessage } from '~/lib/shopper-text.ts';

interface Props {
  calendar: BookingCalendar;
  kind: 'showroom' | 'video';
  day: DaySlots | null;
  outcome?: ServerOutcome;
  booked?: AppointmentData;
  /** Name, e-mail and phone of a signed-in customer, and ?attach= from the link that led here. */
  defaults: Record<string, string>;
}

const FIELDS = ['kind', 'start', 'name', 'email', 'phone', 'note', 'attachment'];

export default function BookingForm({ calendar, kind: initialKind, day: initialDay, outcome, booked: initialBooked, defaults }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [timeZone, setTimeZone] = useState(calendar.time_zone);
  const [kind, setKind] = useState(initialKind);
  const [day, setDay] = useState(initialDay);
  const [loading, setLoading] = useState(false);
  const [slotError, setSlotError] = useState<string>();
  const [chosen, setChosen] = useState(outcome?.values?.start ?? '');
  const [booked, setBooked] = useState(initialBooked);
  const id = useId();
  const values = { ...defaults, ...outcome?.values };

  useEffect(() => {
    setHydrated(true);
    setTimeZone(browserTimeZone() ?? calendar.time_zone);
  }, [calendar.time_zone]);

  const { state, onSubmit } = useAccountForm(
    bookingSchema,
    async (data) => {
      const answer = await appointmentsApi.book(data);
      setBooked(answer.data);
      requestAnimationFrame(() => document.getElementById(`${id}-done`)?.focus());
    },
    outcome,
  );

  async function loadDay(date: string, keepChoice = false) {
    setLoading(true);
    setSlotError(undefined);
    try {
      setDay((await appointmentsApi.slots(date, kind)).data);
      if (!keepChoice) setChosen('');
    } catch (error) {
      setSlotError(shopperMessage(error));
    } finally {
      setLoading(false);
    }
  }

  // A taken slot (409) refreshes the day, so the shopper sees what is still free.
  useEffect(() => {
    if (state.errors.start && day && hydrated) void loadDay(day.date, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.errors.start]);

  if (booked) {
    return (
      <div id={`${id}-done`} tabIndex={-1}>
        <BookingConfirmation appointment={booked} timeZone={timeZone} />
      </div>
    );
  }

  const hrefFor = (date: string) => {
    const params = new URLSearchParams({ kind, date });
    if (values.attachment) params.set('attach', values.attachment);
    return `/book-appointment?${params}#time`;
  };
  const startError = state.errors.start?.[0] ?? slotError;

  return (
    <form method="post" action="/book-appointment" noValidate onSubmit={onSubmit} className="space-y-10">
      <fieldset>
        <legend className="font-serif text-2xl text-primary">1. How would you like to meet?</legend>
        <div className="mt-4 flex flex-wrap gap-3">
          {calendar.kinds.map((k) => (
            <label
              key={k}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-gray-400 px-5 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white"
            >
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="accent-primary" />
              {KIND_LABELS[k]}
            </label>
          ))}
        </div>
        <p className="mt-2 text-sm text-muted">
          {kind === 'video' ? 'We send you a private video-call link with the confirmation.' : `At our showroom: ${calendar.showroom_address}.`}
        </p>
        {state.errors.kind && <p className="mt-2 text-sm text-red-700">{state.errors.kind[0]}</p>}
      </fieldset>

      <section aria-labelledby={`${id}-day`}>
        <h2 id={`${id}-day`} className="font-serif text-2xl text-primary">
          2. Choose a day
        </h2>
        <div className="mt-4 max-w-md">
          <DayCalendar months={calendar.months} selected={day?.date ?? null} hrefFor={hrefFor} onSelect={(d) => void loadDay(d)} hydrated={hydrated} />
        </div>
      </section>

      <div id="time">
        <SlotPicker day={day} timeZone={timeZone} chosen={chosen} onChoose={setChosen} loading={loading} error={startError} errorId={`${id}-start-error`} />
        <p className="mt-3 text-xs text-muted">
          Times are shown in {zoneName(timeZone)} time{timeZone !== calendar.time_zone ? `; our showroom is in ${zoneName(calendar.time_zone)}` : ''}. Each
          appointment lasts {calendar.slot_minutes} minutes.
        </p>
      </div>

      <fieldset className="space-y-4">
        <legend className="font-serif text-2xl text-primary">4. Your details</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="name" label="Name" autoComplete="name" defaultValue={values.name} errors={state.errors} required />
          <Field name="email" label="E-mail address" type="email" autoComplete="email" defaultValue={values.email} errors={state.errors} required />
          <Field name="phone" label="Phone" type="tel" autoComplete="tel" defaultValue={values.phone} errors={state.errors} required />
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="block text-sm font-medium text-ink">
            What would you like to see?
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={4}
            defaultValue={values.note ?? ''}
            aria-describedby={`${id}-note-hint${state.errors.note ? ` ${id}-note-error` : ''}`}
            aria-invalid={state.errors.note ? true : undefined}
            className={inputClass}
          />
          <p id={`${id}-note-hint`} className="mt-1 text-xs text-muted">
            Pieces, diamonds, a budget or an occasion: it helps us prepare.
          </p>
          {state.errors.note && (
            <p id={`${id}-note-error`} className="mt-1 text-sm text-red-700">
              {state.errors.note[0]}
            </p>
          )}
        </div>
        <Field
          name="attachment"
          label="Attached link (optional)"
          defaultValue={values.attachment}
          errors={state.errors}
          hint="A link to a ring you built or a wishlist item on this shop, such as /wishlist."
        />
      </fieldset>

      <FormMessage state={state} fields={FIELDS} />
      <SubmitButton pending={state.pending}>Book the appointment</SubmitButton>
      {state.message === undefined && Object.keys(state.errors).length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          Please check the fields marked above.
        </p>
      )}
    </form>
  );
}
