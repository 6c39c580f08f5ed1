/** An appointment's reference, kind and time (in the shopper's zone), as rows of a description list. */
import type { AppointmentData } from './appointments.schema.ts';
import { formatDateTime, KIND_LABELS } from './appointments.ts';

export function AppointmentBasics({ appointment, timeZone }: { appointment: AppointmentData; timeZone: string }) {
  return (
    <>
      <dt className="font-medium">Reference</dt>
      <dd>{appointment.reference}</dd>
      <dt className="font-medium">Appointment</dt>
      <dd>{KIND_LABELS[appointment.kind]}</dd>
      <dt className="font-medium">When</dt>
      <dd>{formatDateTime(appointment.start, timeZone)}</dd>
    </>
  );
}
