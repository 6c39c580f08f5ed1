import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { customerJson } from '~/server/accounts/accounts.service.ts';

export const GET = endpoint(({ locals }) => ({ data: customerJson(requireCustomer(locals)) }));

export const ALL = methodNotAllowed('GET');
