/** A customer's upcoming appointments on the profile screen: showroom zone from the server, then the browser's. */
import { useEffect, useState } from 'react';
import type { AppointmentData } from './appointments.schema.ts';
import { browserTimeZone, formatDateTime, KIND_LABELS } from './appointments.ts';

export default function UpcomingAppointments({ appointments, showroomZone }: { appointments: AppointmentData[]; showroomZone: string }) {
  const [timeZone, setTimeZone] = useState(showroomZone);
  useEffect(() => setTimeZone(browserTimeZone() ?? showroomZone), [showroomZone]);
  return (
    <section aria-labelledby="upcoming-appointments">
      <h2 id="upcoming-appointments" className="font-serif text-2xl text-primary">
        Upcoming appointments
      </h2>
      {appointments.length === 0 ? (
        <p className="mt-3 text-sm">
          You have no appointment booked.{' '}
          <a href="/book-appointment" className="text-primary underline underline-offset-4">
            Book an appointment
          </a>
        </p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {appointments.map((a) => (
            <li key={a.reference} className="rounded-lg border border-gray-200 px-4 py-3">
              <strong>{KIND_LABELS[a.kind]}</strong>, {formatDateTime(a.start, timeZone)} <span className="text-muted">(reference {a.reference})</span>
              <br />
              <span className="break-words">{a.location}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
