/** The newsletter's texts and the browser's first check, kept free of zod so the page script stays small. */
export const INVALID_EMAIL = 'Enter a valid email address';
export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing!';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You are already subscribed. Thank you for staying in touch!';

/** The browser's check (docs/api.md): empty, blank or lacking an @ is rejected. */
export function looksLikeEmail(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && text.includes('@');
}
