/** The account calls as the islands make them (ky, same-origin, the session cookie rides along; profile and password also carry the bearer token). */
import { api } from '~/lib/http.ts';
import type { AddressInput } from './address.schema.ts';
import { bearerHeaders, renewSessionToken } from './session-token.ts';

export interface Message {
  message: string;
}

export interface AddressData {
  id: number;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  country: string;
  postcode: string;
  phone: string;
  default_address: boolean;
  addr_type: string | null;
  address_type: string | null;
}

export const accountApi = {
  login: (body: { email: string; password: string }, redirect?: string) =>
    api.post<Message & { token: string; redirect: string }>('customer/login', body, redirect ? { searchParams: { redirect } } : undefined),
  register: (body: Record<string, string>) => api.post<Message>('customer/register', body),
  forgotPassword: (email: string) => api.post<Message>('customer/forgot-password', { email }),
  resetPassword: (body: Record<string, string>) => api.post<Message>('customer/reset-password', body),
  updateProfile: (body: Record<string, unknown>) => api.put<Message>('customer/profile', body, bearerHeaders()),
  changePassword: async (body: Record<string, string>) => {
    const answer = await api.put<Message & { token?: string }>('customer/change-password', body, bearerHeaders());
    // Every other session ended, this one renewed: the old token no longer signs anything in.
    renewSessionToken(answer.token);
    return answer;
  },
  addresses: () => api.get<{ data: AddressData[] }>('addresses'),
  createAddress: (body: AddressInput) => api.post<Message & { data: AddressData }>('addresses/create', body),
  updateAddress: (id: number, body: AddressInput) => api.put<Message & { data: AddressData }>(`addresses/${id}`, body),
  deleteAddress: (id: number) => api.delete<Message>(`addresses/${id}`),
  makeDefault: (id: number) => api.post<Message & { data: AddressData }>(`addresses/${id}/default`),
};
