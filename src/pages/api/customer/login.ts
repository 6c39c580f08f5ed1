import { loginQuerySchema } from '~/features/account/account.schema.ts';
import { safeRedirect } from '~/server/accounts/auth.ts';
import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { customerJson, login } from '~/server/accounts/accounts.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

/**
 * Answers the bearer token and sets the session cookie; `redirect` (query) comes back sanitised. The
 * query is read here, not by route(): the first `redirect` given counts, and only after the sign-in.
 */
export const POST = route({ ...accountsEndpoints.login, query: undefined }, async ({ context, body }) => {
  const { token, customer } = await login(context, body, clientKey(context));
  return {
    message: 'You are signed in.',
    token,
    data: customerJson(customer),
    redirect: safeRedirect(loginQuerySchema.parse({ redirect: context.url.searchParams.get('redirect') ?? undefined }).redirect),
  };
});

export const ALL = otherMethods(accountsEndpoints.login);
