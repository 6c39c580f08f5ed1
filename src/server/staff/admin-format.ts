/** How the back office writes times and money: in the shop's own time zone (shop.json appointments.time_zone), named. */
import { formatCents } from '~/lib/money.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

export const shopTimeZone = (): string => shopConfig.appointments.time_zone;
const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: shopTimeZone(),
  timeZoneName: 'short',
});
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: shopTimeZone() });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: shopTimeZone() });

export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
export const formatDay = (iso: string) => DAY.format(new Date(iso));
export const formatTime = (iso: string) => TIME.format(new Date(iso));
export const money = (cents: number) => formatCents(cents);
