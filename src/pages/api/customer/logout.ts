import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { endSession } from '~/server/accounts/session.ts';

/** Ends the session named by the bearer token or the cookie; answers the same when there was none. */
export const POST = endpoint(async (context) => {
  await endSession(context);
  return { message: 'You are signed out.' };
});

export const ALL = methodNotAllowed('POST');
