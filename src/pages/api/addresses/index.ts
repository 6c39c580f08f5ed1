import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { addresses } from '~/server/addresses/addresses.service.ts';

export const GET = endpoint(async ({ locals }) => ({ data: await addresses(requireCustomer(locals)) }));

export const ALL = methodNotAllowed('GET');
