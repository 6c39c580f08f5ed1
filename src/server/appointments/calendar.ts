/** What the booking page and GET /api/appointments/calendar show before a day is chosen. */
import { shopConfig } from '~/server/shop/shop-config.ts';
import type { BookingCalendar } from '~/features/appointments/appointments.schema.ts';
import { calendarMonths, openDays } from './schedule.ts';

export function bookingCalendar(): BookingCalendar {
  const config = shopConfig.appointments;
  return {
    time_zone: config.time_zone,
    slot_minutes: config.slot_minutes,
    kinds: config.kinds,
    showroom_address: config.showroom_address,
    first_open_day: openDays(config, 1)[0]?.toString() ?? null,
    months: calendarMonths(config),
  };
}
