/**
 * A path on this shop only: not `//host`, `/\host` or anything else a browser reads as another site. For
 * links a shopper attaches (our e-mail and the consultant's screen never carry a link to another site) and
 * the pages a form post is sent back to (never an open redirect).
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\u0000-\u001f]/.test(value)) return false;
  try {
    return new URL(value, 'http://shop.invalid').host === 'shop.invalid';
  } catch {
    return false;
  }
}
