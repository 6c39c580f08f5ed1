/**
 * The request target (path and query) as the adapter and Astro will read it: over-long targets are
 * refused with 414, and a malformed `%` escape (which the adapter would answer with a bare "Bad request.")
 * answers a JSON 400 on the API and renders the shop's not-found screen on a page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiPath, pathOf, refuse } from './refusal.ts';
import { transportSettings } from './settings.ts';

export const URI_TOO_LONG = `The address is longer than ${transportSettings.maxUrlChars.toLocaleString('en-US')} characters`;
export const MALFORMED_ESCAPE = 'The address contains a malformed % escape';

/** The page that renders the not-found screen (src/pages/404.astro). */
const NOT_FOUND_PAGE = '/404';

function wellFormed(target: string): boolean {
  try {
    // The result is used: a bare call counts as pure to the bundler, which dropped it.
    return typeof decodeURI(target) === 'string';
  } catch {
    return false;
  }
}

/** False when the request has been answered here; true to go on (the target possibly rewritten to the not-found page). */
export function admitTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const target = req.url ?? '/';
  const api = isApiPath(pathOf(target));
  if (target.length > transportSettings.maxUrlChars) {
    refuse(res, api, 414, 'uri_too_long', URI_TOO_LONG);
    return false;
  }
  if (wellFormed(target)) return true;
  if (api) {
    refuse(res, true, 400, 'bad_request', MALFORMED_ESCAPE);
    return false;
  }
  // A page address nobody could have linked to: the not-found screen, as for any unknown page.
  req.url = NOT_FOUND_PAGE;
  return true;
}
