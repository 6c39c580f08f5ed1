/** GET /api/appointments/slots?date=YYYY-MM-DD&kind=showroom|video — the slots of one showroom day. */
import { endpoint, validationError, methodNotAllowed } from '~/server/http.ts';
import { slotsQuerySchema } from '~/features/appointments/appointments.schema.ts';
import { daySlots } from '~/server/appointments/appointments.service.ts';

export const GET = endpoint(async ({ url }) => {
  const query = slotsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw validationError(query.error);
  return { data: await daySlots(query.data.date, query.data.kind) };
});

export const ALL = methodNotAllowed('GET');
