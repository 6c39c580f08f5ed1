import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { verifyAccountSchema } from '~/features/account/account.schema.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { resendVerification, verifyAccount } from '~/server/accounts/recovery.service.ts';

/** Body: the token (a JSON string, or { token }) confirms the address; {} from a signed-in customer sends a new link. */
export const POST = endpoint(async ({ request, locals }) => {
  const { token } = await readBody(request, verifyAccountSchema);
  if (token) {
    const { message } = await verifyAccount(token);
    return { message };
  }
  return resendVerification(requireCustomer(locals));
});

export const ALL = methodNotAllowed('POST');
