/**
 * The registrations not yet declared with `defineEndpoint` (src/server/endpoint/define.ts): one `op(...)`
 * line each in operations.ts, made into the same declaration.
 */
import { defineEndpoint, type EndpointSpec, type HttpMethod } from '~/server/endpoint/define.ts';

export type Operation = EndpointSpec;

type OperationSpec = Omit<EndpointSpec, 'method' | 'path' | 'form'> & { form?: boolean };

export const op = (method: HttpMethod, path: string, { form, ...spec }: OperationSpec): Operation =>
  defineEndpoint({ method, path, ...spec, ...(form ? { form: { page: '/' } } : {}) });
