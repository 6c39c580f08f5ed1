/**
 * Diamond hold settings, read from the environment at each use:
 *   DIAMOND_HOLD_HOURS           how long a hold lasts (default 48);
 *   DIAMOND_HOLDS_PER_CUSTOMER   live holds a shopper may have at once (default 1);
 *   DIAMOND_HOLD_REMINDER_HOURS  the reminder e-mail goes this long before the end (default 6; at most
 *                                half the hold).
 * A shopper may not hold the same stone again within HOLD_AGAIN_AFTER_MS of the end of the last hold.
 */
import { env } from '~/server/config/env.ts';
export const holdHours = () => env('DIAMOND_HOLD_HOURS');
export const holdsPerCustomer = () => env('DIAMOND_HOLDS_PER_CUSTOMER');
export const reminderHours = () => Math.min(env('DIAMOND_HOLD_REMINDER_HOURS'), holdHours() / 2);
export const HOLD_AGAIN_AFTER_MS = 24 * 3_600_000;

export { onHoldWords, whenWords } from '~/lib/hold-words.ts';
