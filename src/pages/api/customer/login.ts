import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { loginQuerySchema, loginSchema } from '~/features/account/account.schema.ts';
import { customerJson, login } from '~/server/accounts/accounts.service.ts';
import { safeRedirect } from '~/server/accounts/auth.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** Answers the bearer token and sets the session cookie; `redirect` (query) comes back sanitised. */
export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, loginSchema);
  const { token, customer } = await login(context, input, clientKey(context));
  return {
    message: 'You are signed in.',
    token,
    data: customerJson(customer),
    redirect: safeRedirect(loginQuerySchema.parse({ redirect: context.url.searchParams.get('redirect') ?? undefined }).redirect),
  };
});

export const ALL = methodNotAllowed('POST');
