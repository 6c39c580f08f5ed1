/** How shoppers read a hold's end, the same on the server and in the listing island. */
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment as shoppers read it: "Nov 28, 2026, 2:05 PM UTC". */
export const whenWords = (iso: string) => `${WHEN.format(new Date(iso))} UTC`;

/** What others see on a held stone. */
export const onHoldWords = (until: string) => `On hold until ${whenWords(until)}`;
