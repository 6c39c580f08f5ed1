import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { customerJson, updateProfile } from '~/server/accounts/accounts.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const PUT = route(accountsEndpoints.profile, async ({ context, customer, body }) => {
  const updated = await updateProfile(customer, body, clientKey(context));
  return { message: 'Your profile has been saved.', data: customerJson(updated) };
});

export const ALL = otherMethods(accountsEndpoints.profile);
