/**
 * The cancel page's confirmation: the appointment (in the shopper's zone once hydrated) and a form that
 * posts to /api/appointments/cancel, plain before JavaScript, JSON after.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { appointmentsApi } from './appointments.api.ts';
import type { AppointmentData } from './appointments.schema.ts';
import { browserTimeZone } from './appointments.ts';
import { AppointmentBasics } from './AppointmentBasics.tsx';
import { shopperMessage } from '~/lib/shopper-text.ts';

export default function CancelAppointment({ token, appointment: initial }: { token: string; appointment: AppointmentData }) {
  const [appointment, setAppointment] = useState(initial);
  const [timeZone, setTimeZone] = useState(initial.time_zone);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  useEffect(() => setTimeZone(browserTimeZone() ?? initial.time_zone), [initial.time_zone]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const answer = await appointmentsApi.cancel(token);
      setAppointment(answer.data);
      setResult({ ok: true, text: answer.message });
    } catch (error) {
      setResult({ ok: false, text: shopperMessage(error) });
    } finally {
      setPending(false);
    }
  }

  const upcoming = appointment.status === 'booked' && Date.parse(appointment.start) > Date.now();
  return (
    <div className="space-y-6">
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`rounded-md px-4 py-3 text-sm ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {result.text}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-gray-200 p-6 text-sm sm:grid-cols-[auto_1fr]">
        <AppointmentBasics appointment={appointment} timeZone={timeZone} />
        <dt className="font-medium">Name</dt>
        <dd>{appointment.name}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{appointment.status === 'cancelled' ? 'Cancelled' : 'Booked'}</dd>
      </dl>
      {upcoming ? (
        <form method="post" action="/api/appointments/cancel" onSubmit={onSubmit}>
          <input type="hidden" name="token" value={token} />
          <p className="mb-4">Would you like to cancel this appointment? The time becomes free for another client.</p>
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending}
            className="rounded-full bg-primary px-7 py-3 text-sm font-medium text-white hover:bg-primary-light disabled:opacity-60"
          >
            {pending ? 'Please wait…' : 'Cancel my appointment'}
          </button>
        </form>
      ) : (
        <p>
          <a href="/book-appointment" className="text-primary underline underline-offset-4">
            Book another appointment
          </a>
        </p>
      )}
    </div>
  );
}
