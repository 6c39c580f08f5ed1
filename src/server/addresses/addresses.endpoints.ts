/** The address book's endpoints (docs/api.md "Addresses"): only ever the signed-in customer's own addresses. */
import { addressSchema as addressInputSchema } from '~/features/account/address.schema.ts';
import { messageAnswerSchema } from '~/server/accounts/accounts.answers.ts';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { recordPathSchema } from '~/server/endpoint/record-id.ts';
import { addressAnswerSchema, addressListAnswerSchema, savedAddressAnswerSchema } from './addresses.answers.ts';

export const addressesEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/api/addresses',
    tag: 'Addresses',
    access: 'customer',
    summary: "The customer's address book",
    answers: { 200: addressListAnswerSchema },
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/api/addresses/create',
    tag: 'Addresses',
    access: 'customer',
    summary: 'Add an address (the first becomes the default)',
    body: addressInputSchema,
    answers: { 201: savedAddressAnswerSchema },
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/api/addresses/{id}',
    tag: 'Addresses',
    access: 'customer',
    summary: 'One address',
    params: recordPathSchema,
    answers: { 200: addressAnswerSchema },
    errors: [404],
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/api/addresses/{id}',
    tag: 'Addresses',
    access: 'customer',
    summary: 'Edit an address',
    params: recordPathSchema,
    body: addressInputSchema,
    answers: { 200: savedAddressAnswerSchema },
    errors: [404],
  }),
  delete: defineEndpoint({
    method: 'delete',
    path: '/api/addresses/{id}',
    tag: 'Addresses',
    access: 'customer',
    summary: 'Delete an address (the oldest other becomes the default)',
    params: recordPathSchema,
    answers: { 200: messageAnswerSchema },
    errors: [404],
  }),
  makeDefault: defineEndpoint({
    method: 'post',
    path: '/api/addresses/{id}/default',
    tag: 'Addresses',
    access: 'customer',
    summary: 'Make an address the default',
    params: recordPathSchema,
    answers: { 200: savedAddressAnswerSchema },
    errors: [404],
  }),
};
