/**
 * The account calls as the islands make them, typed by their declarations (src/server/accounts/accounts.endpoints.ts,
 * src/server/addresses/addresses.endpoints.ts): same-origin, the session cookie rides along.
 */
import { call } from '~/lib/http.ts';
import type { accountsEndpoints as E } from '~/server/accounts/accounts.endpoints.ts';
import type { addressesEndpoints as A } from '~/server/addresses/addresses.endpoints.ts';
import type { AnswerOf, RequestBodyOf } from '~/server/endpoint/define.ts';
import type { AddressInput } from './address.schema.ts';
import { bearerHeaders, renewSessionToken } from './session-token.ts';

/** An address of the book as the API answers it. */
export type AddressData = AnswerOf<typeof A.get>['data'];

export const accountApi = {
  // Sign-in carries `?redirect=`; the profile and the password also carry the bearer token.
  login: (body: RequestBodyOf<typeof E.login>, redirect?: string) =>
    call<typeof E.login>('POST /api/customer/login', { body, ...(redirect && { searchParams: { redirect } }) }),
  register: (body: RequestBodyOf<typeof E.register>) => call<typeof E.register>('POST /api/customer/register', { body }),
  forgotPassword: (email: string) => call<typeof E.forgotPassword>('POST /api/customer/forgot-password', { body: { email } }),
  resetPassword: (body: RequestBodyOf<typeof E.resetPassword>) => call<typeof E.resetPassword>('POST /api/customer/reset-password', { body }),
  updateProfile: (body: RequestBodyOf<typeof E.profile>) => call<typeof E.profile>('PUT /api/customer/profile', { body, ...bearerHeaders() }),
  changePassword: async (body: RequestBodyOf<typeof E.changePassword>) => {
    const answer = await call<typeof E.changePassword>('PUT /api/customer/change-password', { body, ...bearerHeaders() });
    // Every other session ended, this one renewed: the old token no longer signs anything in.
    renewSessionToken(answer.token);
    return answer;
  },
  addresses: () => call<typeof A.list>('GET /api/addresses'),
  createAddress: (body: AddressInput) => call<typeof A.create>('POST /api/addresses/create', { body }),
  updateAddress: (id: number, body: AddressInput) => call<typeof A.update>('PUT /api/addresses/{id}', { params: { id }, body }),
  deleteAddress: (id: number) => call<typeof A.delete>('DELETE /api/addresses/{id}', { params: { id } }),
  makeDefault: (id: number) => call<typeof A.makeDefault>('POST /api/addresses/{id}/default', { params: { id } }),
};
