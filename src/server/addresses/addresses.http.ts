/** The address endpoints' shared step: the id in the path (recordPathSchema, src/server/endpoint/record-id.ts), which must name an address. */
import { notFound } from '~/server/endpoint/http.ts';

/** The path's address id; undefined (text that is no record id) is an address the caller does not have. */
export function addressId(id: number | undefined): number {
  if (id === undefined) throw notFound('Address not found');
  return id;
}
