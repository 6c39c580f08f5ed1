/** The confirmation state after booking: what, when (in the shopper's zone), where, and what comes next. */
import type { AppointmentData } from './appointments.schema.ts';
import { AppointmentBasics } from './AppointmentBasics.tsx';

export default function BookingConfirmation({ appointment, timeZone }: { appointment: AppointmentData; timeZone: string }) {
  return (
    <div role="status" className="rounded-lg border border-gold-light bg-ivory p-6">
      <h2 className="font-serif text-3xl text-primary">Your appointment is booked</h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <AppointmentBasics appointment={appointment} timeZone={timeZone} />
        <dt className="font-medium">{appointment.kind === 'video' ? 'Video call' : 'Where'}</dt>
        <dd className="break-words">{appointment.location}</dd>
      </dl>
      <p className="mt-4 text-sm">
        We have sent a confirmation with a calendar invitation to <strong>{appointment.email}</strong>. It holds a link to cancel if your plans change.
      </p>
    </div>
  );
}
