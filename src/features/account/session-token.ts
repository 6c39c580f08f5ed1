/**
 * The bearer token profile update and change-password send in `Authorization` (docs/api.md).
 * The profile page hands its session's token to its islands (the cookie that carries it is httpOnly);
 * a password change answers a new one, kept here for the next call from either form.
 */
let current: string | undefined;

export function adoptSessionToken(token: string | undefined): void {
  if (token && !current) current = token;
}

export function renewSessionToken(token: string | undefined): void {
  if (token) current = token;
}

export function bearerHeaders(): { headers: Record<string, string> } | undefined {
  return current ? { headers: { Authorization: `Bearer ${current}` } } : undefined;
}
