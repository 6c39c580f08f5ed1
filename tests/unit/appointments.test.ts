/** The schedule (wall-clock hours to UTC across daylight-saving changes), the .ics text and attached links. */
import { describe, expect, it } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { checkStart, calendarMonths, slotsOfDay } from '~/server/appointments/schedule.ts';
import ICAL from 'ical.js';
import { buildIcs } from '~/server/appointments/ics.ts';
import { isSameSitePath } from '~/lib/same-site-path.ts';
import { appointmentsConfigSchema } from '~/features/appointments/appointments-config.schema.ts';
import { showroom } from '../support/appointments.ts';

const config = { ...showroom, closed_dates: [], closed_weekdays: [], booking_horizon_days: 366, min_notice_minutes: 0 };
const at = (iso: string) => Temporal.Instant.from(iso);

describe('appointment schedule', () => {
  it('keeps opening hours in the showroom zone when daylight-saving time changes', () => {
    const ny = {
      ...config,
      time_zone: 'America/New_York',
      opening_hours: { ...config.opening_hours, friday: { open: '10:00', close: '11:00' }, monday: { open: '10:00', close: '11:00' } },
    };
    // 2027-03-14 is the spring change in New York: 10:00 is 15:00Z before it, 14:00Z after.
    expect(slotsOfDay(Temporal.PlainDate.from('2027-03-12'), ny).map((s) => s.start.toString())).toEqual(['2027-03-12T15:00:00Z', '2027-03-12T15:30:00Z']);
    expect(slotsOfDay(Temporal.PlainDate.from('2027-03-15'), ny).map((s) => s.start.toString())).toEqual(['2027-03-15T14:00:00Z', '2027-03-15T14:30:00Z']);
  });

  it('checks a start against the grid, the hours and the closed days', () => {
    const now = at('2027-03-01T12:00:00Z');
    const monday = Temporal.PlainDate.from('2027-03-08');
    const first = slotsOfDay(monday, config)[0]!.start;
    expect(checkStart(first, config, now).ok).toBe(true);
    expect(checkStart(first.add({ minutes: 10 }), config, now)).toMatchObject({ ok: false, message: expect.stringMatching(/start every 30 minutes/) });
    expect(checkStart(first.subtract({ minutes: 30 }), config, now)).toMatchObject({ ok: false, message: expect.stringMatching(/within our opening hours/) });
    const closed = { ...config, closed_dates: ['2027-03-08'] };
    expect(checkStart(first, closed, now)).toMatchObject({ ok: false, message: 'We are closed on Monday, March 8. Please choose another day.' });
    expect(checkStart(first, config, first.add({ seconds: 1 }))).toMatchObject({ ok: false, message: expect.stringMatching(/already passed/) });
  });

  it('lays the bookable days out as Monday-first weeks', () => {
    const months = calendarMonths({ ...config, booking_horizon_days: 10 }, at('2027-03-01T12:00:00Z'));
    expect(months.map((m) => m.label)).toEqual(['March 2027']);
    expect(months[0]!.weeks[0]!.map((d) => d?.day ?? null)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(months[0]!.weeks.flat().filter(Boolean)).toHaveLength(11);
  });

  it('refuses an unknown time zone and hours that close before they open', () => {
    expect(appointmentsConfigSchema.safeParse({ ...showroom, time_zone: 'Mars/Olympus' }).error?.issues[0]?.message).toMatch(/IANA time zone/);
    expect(appointmentsConfigSchema.safeParse({ ...showroom, opening_hours: { monday: { open: '18:00', close: '10:00' } } }).error?.issues[0]?.path).toEqual([
      'opening_hours',
      'monday',
      'close',
    ]);
  });
});

describe('iCalendar invitation', () => {
  it('escapes text, folds long lines at 75 octets and writes UTC times', () => {
    const ics = buildIcs(
      {
        method: 'REQUEST',
        uid: 'appointment-X@shop',
        sequence: 0,
        start: new Date('2027-03-15T14:00:00Z'),
        end: new Date('2027-03-15T14:30:00Z'),
        summary: 'Showroom; rings, diamonds',
        description: 'é'.repeat(60),
        location: 'A, B',
        organizer: { name: 'Aurelle', email: 'shop@example.com' },
        attendee: { name: 'Ada "Countess"', email: 'ada@example.com' },
      },
      'Aurelle',
      new Date('2027-03-01T00:00:00Z'),
    );
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART:20270315T140000Z');
    expect(lines).toContain('SUMMARY:Showroom\\; rings\\, diamonds');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain(`DESCRIPTION:${'é'.repeat(60)}`);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('iCalendar text from shoppers', () => {
  const hostile = 'Eve\r\nATTENDEE:mailto:victim@example.com\rX-EVIL:1\nDESCRIPTION:phish\u0000\u0007; a, b \\ c';
  const ics = buildIcs(
    {
      method: 'REQUEST',
      uid: 'appointment-Y@shop',
      sequence: 0,
      start: new Date('2027-03-15T14:00:00Z'),
      end: new Date('2027-03-15T14:30:00Z'),
      summary: `Showroom visit for ${hostile}`,
      description: hostile,
      location: hostile,
      organizer: { name: 'Aurelle', email: 'shop@example.com' },
      attendee: { name: hostile, email: 'ada@example.com' },
    },
    'Aurelle',
    new Date('2027-03-01T00:00:00Z'),
  );

  it('cannot start a property line: CR and LF become \\n in text and a space in CN, other controls go', () => {
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n\u0000\u0007]/);
    expect(lines.filter((l) => /^(ATTENDEE|X-EVIL|DESCRIPTION)[:;]/.test(l)).map((l) => l.slice(0, l.search(/[:;]/)))).toEqual(['DESCRIPTION', 'ATTENDEE']);
    expect(lines).toContain('DESCRIPTION:Eve\\nATTENDEE:mailto:victim@example.com\\nX-EVIL:1\\nDESCRIPTION:phish\\; a\\, b \\\\ c');
  });

  it('parses in ical.js (an RFC 5545 parser) to one event with one attendee and the text given back', () => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.getAllProperties('attendee').map((p) => p.getFirstValue())).toEqual(['mailto:ada@example.com']);
    expect(
      event
        .getAllProperties()
        .map((p) => p.name)
        .filter((n) => n.startsWith('x-')),
    ).toEqual([]);
    expect(event.getFirstPropertyValue('description')).toBe('Eve\nATTENDEE:mailto:victim@example.com\nX-EVIL:1\nDESCRIPTION:phish; a, b \\ c');
    expect(event.getFirstProperty('attendee')!.getParameter('cn')).toBe('Eve ATTENDEE:mailto:victim@example.com X-EVIL:1 DESCRIPTION:phish; a, b \\ c');
  });
});

describe('attached links', () => {
  it('takes paths on this shop only', () => {
    for (const ok of ['/wishlist', '/build-your-own?setting=3&diamond=9', '/products/halo-ring#size']) expect(isSameSitePath(ok), ok).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'wishlist', '/a b'])
      expect(isSameSitePath(bad), bad).toBe(false);
  });
});
