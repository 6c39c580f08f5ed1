/**
 * Appointments over HTTP on both databases: slots, every calendar rule, bad input, cancelling through the
 * e-mailed link, a customer's upcoming list, and the race for the last seat of a slot.
 * Days and times come from the shipped configuration (tests/support/appointments.ts), never fixed dates.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, testDb, uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { WEEKDAYS } from '~/features/appointments/appointments-config.schema.ts';
import { Shopper } from '../support/shopper.ts';
import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { beyondHorizon, booking, closedDays, icsLines, openDay, showroom, showroomTime, slotStarts } from '../support/appointments.ts';

afterAll(closeTestDbs);

const mailDir = inject('mailDir');

describe.each(databases)('appointments on $kind', ({ url, databaseUrl }) => {
  const book = (body: unknown, headers: Record<string, string> = {}, from = freshAddress()) => callFrom(from, url, 'POST', '/api/appointments', body, headers);
  const slotsOf = async (day: Temporal.PlainDate) => (await call(url, 'GET', `/api/appointments/slots?date=${day}&kind=showroom`)).body.data;

  it('lists the slots of an open day in UTC with the seats left, and says why a closed day has none', async () => {
    const day = openDay(0);
    const answer = await call(url, 'GET', `/api/appointments/slots?date=${day}&kind=video`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ date: day.toString(), kind: 'video', time_zone: showroom.time_zone, open: true, reason: null });
    expect(answer.body.data.slots.map((s: any) => s.start)).toEqual(slotStarts(day));
    expect(answer.body.data.slots[0]).toMatchObject({ seats_left: showroom.consultants, available: true });
    expect(answer.body.data.slots[0].start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);

    const { weekday } = closedDays();
    const closed = await call(url, 'GET', `/api/appointments/slots?date=${weekday}`);
    expect(closed.body.data).toMatchObject({ open: false, slots: [] });
    expect(closed.body.data.reason).toMatch(/^We are closed on .+\. Please choose another day\.$/);

    for (const query of ['date=2026-02-30', 'date=tomorrow', '', `date=${day}&kind=phone`]) {
      const bad = await call(url, 'GET', `/api/appointments/slots?${query}`);
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.body.errors), query).toEqual([query.includes('kind') ? 'kind' : 'date']);
    }
    const calendar = await new Shopper(url).send(appointmentsEndpoints.calendar);
    expect(calendar.body.data.first_open_day).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(calendar.body.data.months[0]!.weeks[0]).toHaveLength(7);
  });

  it('refuses a time in the past, outside opening hours, off the slot grid, on a closed day or too far ahead', async () => {
    const day = openDay(1);
    const starts = slotStarts(day);
    const hours = showroom.opening_hours[WEEKDAYS[day.dayOfWeek - 1]!]!;
    const { weekday, date } = closedDays();
    const refusals: [string, string, RegExp][] = [
      ['past', new Date(Date.now() - 3600_000).toISOString(), /^This time has already passed\. Please choose a later slot\.$/],
      ['a week ago', showroomTime(Temporal.Now.plainDateISO(showroom.time_zone).subtract({ days: 7 }), hours.open), /already passed/],
      ['too soon', new Date(Date.now() + 60_000).toISOString(), new RegExp(`at least ${showroom.min_notice_minutes} minutes ahead`)],
      [
        'before opening',
        new Date(Date.parse(starts[0]!) - showroom.slot_minutes * 60_000).toISOString(),
        new RegExp(`we receive from ${hours.open} to ${hours.close}`),
      ],
      ['at closing', showroomTime(day, hours.close), /within our opening hours/],
      ['misaligned', new Date(Date.parse(starts[1]!) + 7 * 60_000).toISOString(), new RegExp(`Appointments start every ${showroom.slot_minutes} minutes`)],
      ['closed weekday', showroomTime(weekday!, '12:00'), /^We are closed on .+\. Please choose another day\.$/],
      ['beyond the horizon', showroomTime(beyondHorizon(), '12:00'), new RegExp(`up to ${showroom.booking_horizon_days} days ahead`)],
    ];
    if (date) refusals.push(['closed date', showroomTime(date, '12:00'), /^We are closed on /]);
    for (const [what, start, message] of refusals) {
      const answer = await book(booking(start, uniqueEmail('rules')));
      expect(answer.status, what).toBe(400);
      expect(answer.body.code, what).toBe('slot_unavailable');
      expect(answer.body.message, what).toMatch(message);
      expect(answer.body.errors.start, what).toEqual([answer.body.message]);
    }
    expect((await slotsOf(day)).slots[1].seats_left).toBe(showroom.consultants);
  });

  it('names each field of bad input, and only takes links to this shop', async () => {
    const start = slotStarts(openDay(1))[3]!;
    const empty = await book({});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'kind', 'name', 'phone', 'start']);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ email: 'not-an-address' }, 'email', /valid email/],
      [{ phone: '12' }, 'phone', /at least 7 digits/],
      [{ phone: 'call me' }, 'phone', /digits/],
      [{ kind: 'phone' }, 'kind', /showroom visit or a video call/],
      [{ start: '2026-13-01 10:00' }, 'start', /Choose a time/],
      [{ name: '   ' }, 'name', /Enter your name/],
      [{ note: 'x'.repeat(2001) }, 'note', /at most 2000/],
      [{ attachment: 'https://evil.example/ring' }, 'attachment', /page of this shop/],
      [{ attachment: '//evil.example/ring' }, 'attachment', /page of this shop/],
      [{ attachment: '/\\evil.example' }, 'attachment', /page of this shop/],
      [{ attachment: 'javascript:alert(1)' }, 'attachment', /page of this shop/],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await book(booking(start, uniqueEmail('input'), extra));
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.errors), JSON.stringify(extra)).toEqual([field]);
      expect(answer.body.errors[field][0]).toMatch(message);
    }
    expect((await call(url, 'POST', '/api/appointments', '{not json')).status).toBe(400);
  });

  it('books, mails an invitation and a cancel link, lists it for the customer, and cancels once', async () => {
    const customer = await seedCustomer(databaseUrl, { first_name: 'Grace' });
    const day = openDay(2);
    const start = slotStarts(day)[0]!;
    const booked = await book(booking(start, customer.email, { kind: 'video', attachment: '/wishlist?item=12' }), customer.auth);
    expect(booked.status).toBe(201);
    expect(booked.body.data).toMatchObject({ kind: 'video', start, status: 'booked', attachment: '/wishlist?item=12', time_zone: showroom.time_zone });
    expect(Date.parse(booked.body.data.end) - Date.parse(start)).toBe(showroom.slot_minutes * 60_000);
    expect(booked.body.data.location).toBe(`${showroom.video_room_prefix}${booked.body.data.reference}`);
    expect(JSON.stringify(booked.body)).not.toMatch(/token/);
    expect((await slotsOf(day)).slots[0].seats_left).toBe(showroom.consultants - 1);

    const mail = await waitForMail(mailDir, customer.email, /appointment on/);
    const invite = mail.attachments!.find((a) => a.filename === 'appointment.ics')!;
    expect(invite.contentType).toMatch(/ics|calendar/);
    const ics = icsLines(invite.content);
    expect(ics.METHOD).toBe('METHOD:REQUEST');
    expect(ics.DTSTART).toBe(`DTSTART:${start.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics.DTEND).toMatch(/^DTEND:\d{8}T\d{6}Z$/);
    expect(ics.UID).toContain(booked.body.data.reference);
    expect(ics.LOCATION).toBe(`LOCATION:${booked.body.data.location}`);
    expect(ics.ORGANIZER).toMatch(/mailto:/);
    expect(ics.SUMMARY).toBe('SUMMARY:Video consultation with Aurelle');

    const mine = await call(url, 'GET', '/api/appointments', undefined, customer.auth);
    expect(mine.body.data.map((a: any) => a.reference)).toEqual([booked.body.data.reference]);
    expect((await call(url, 'GET', '/api/appointments')).status).toBe(401);

    const token = decodeURIComponent(linkIn(mail, '/book-appointment/cancel/').pathname.split('/').at(-1)!);
    const page = await fetch(`${url}/book-appointment/cancel/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(booked.body.data.reference);
    expect((await call(url, 'POST', '/api/appointments/cancel', { token: 'nope' })).body.errors).toEqual({ token: ['This cancellation link is not valid.'] });
    const cancelled = await new Shopper(url).send(appointmentsEndpoints.cancel, { body: { token } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    const again = await call(url, 'POST', '/api/appointments/cancel', { token });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_cancelled' } });
    expect((await slotsOf(day)).slots[0].seats_left).toBe(showroom.consultants);
    expect((await call(url, 'GET', '/api/appointments', undefined, customer.auth)).body.data).toEqual([]);
    const cancelMail = await waitForMail(mailDir, customer.email, /cancelled/);
    expect(icsLines(cancelMail.attachments!.find((a) => a.filename === 'appointment.ics')!.content)).toMatchObject({
      METHOD: 'METHOD:CANCEL',
      UID: ics.UID,
      STATUS: 'STATUS:CANCELLED',
    });
  });

  it('fills a slot to its number of consultants, then refuses with a message a shopper understands', async () => {
    const day = openDay(2);
    const start = slotStarts(day)[1]!;
    for (let i = 0; i < showroom.consultants; i++) expect((await book(booking(start, uniqueEmail('fill')))).status).toBe(201);
    const full = await book(booking(start, uniqueEmail('fill')));
    expect(full).toMatchObject({
      status: 409,
      body: { code: 'slot_full', message: 'Sorry, this time has just been fully booked. Please choose another slot.' },
    });
    expect((await slotsOf(day)).slots[1]).toMatchObject({ seats_left: 0, available: false });
  });

  it('gives the last seat to exactly one of many shoppers asking at once', async () => {
    const start = slotStarts(openDay(3))[2]!;
    for (let i = 1; i < showroom.consultants; i++) expect((await book(booking(start, uniqueEmail('race')))).status).toBe(201);
    const shoppers = 8;
    const answers = await Promise.all(Array.from({ length: shoppers }, () => book(booking(start, uniqueEmail('race')))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(shoppers - 1).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.errors.start[0]).toMatch(/fully booked/);
    const db = await testDb(databaseUrl);
    const seats = await db.selectFrom('appointment_seats').select(['seat_no']).where('slot_start', '=', start).orderBy('seat_no').execute();
    expect(seats.map((s) => s.seat_no)).toEqual(Array.from({ length: showroom.consultants }, (_, i) => i + 1));
    const booked = await db.selectFrom('appointments').select('id').where('starts_at', '=', start).where('status', '=', 'booked').execute();
    expect(booked).toHaveLength(showroom.consultants);
  });
});
