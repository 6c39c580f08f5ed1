/**
 * The back office moves a booking (issue 31), on SQLite and PostgreSQL: to a free slot only, the seat goes
 * with it, the shopper is e-mailed the updated invitation, and the activity record has before and after.
 */
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, testDb, uniqueEmail } from '../support/accounts.ts';
import { waitForMail } from '../support/mailbox.ts';
import { booking, icsLines, openDay, showroom, slotStarts } from '../support/appointments.ts';
import { page, seedStaff } from '../support/staff.ts';

vi.setConfig({ testTimeout: 120_000 });
afterAll(closeTestDbs);

const mailDir = inject('mailDir');
const icsStamp = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');

describe.each(databases)('moving an appointment from the back office on $kind', ({ url, databaseUrl }) => {
  it('moves a booking to another free slot, e-mails the new invitation, and records before and after', async () => {
    const { cookie, email: staffEmail } = await seedStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const email = uniqueEmail('moved');
    const day = openDay(1);
    const [from, , to] = slotStarts(day);
    const booked = await callFrom(freshAddress(), url, 'POST', '/api/appointments', booking(from!, email));
    expect(booked.status).toBe(201);
    const reference = booked.body.data.reference;
    const db = await testDb(databaseUrl);
    const { id } = await db.selectFrom('appointments').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
    const first = await waitForMail(mailDir, email, /appointment on/);
    const firstIcs = icsLines(first.attachments!.find((a) => a.filename === 'appointment.ics')!.content);

    const screen = await page(url, `/admin/appointments?move=${id}`, cookie);
    expect(screen.status).toBe(200);
    expect(screen.body).toContain('Move and e-mail Ada Lovelace');
    expect(screen.body).toContain(`<option value="${to}"`);

    const same = await page(url, '/admin/appointments', cookie, { _action: 'move', id: String(id), start: from! });
    expect(same.status).toBe(400);
    expect(same.body).toContain('The appointment is already at this time. Choose another one.');
    const offHours = await page(url, '/admin/appointments', cookie, { _action: 'move', id: String(id), start: 'tomorrow' });
    expect(offHours.status).toBe(400);
    expect(offHours.body).toContain('Choose one of the free times offered.');

    const moved = await page(url, '/admin/appointments', cookie, { _action: 'move', id: String(id), start: to! });
    expect(moved.status).toBe(303);
    expect(moved.location).toBe('/admin/appointments?notice=appointment-moved');

    const slots = (await call(url, 'GET', `/api/appointments/slots?date=${day}&kind=showroom`)).body.data.slots;
    const seatsAt = (start: string) => slots.find((s: { start: string }) => s.start === start).seats_left;
    expect(seatsAt(to!)).toBe(showroom.consultants - 1);
    expect(seatsAt(from!)).toBe(showroom.consultants);

    const mail = await waitForMail(mailDir, email, /has moved to/);
    expect(mail.text).toContain(`reference ${reference}) has been moved from`);
    const ics = icsLines(mail.attachments!.find((a) => a.filename === 'appointment.ics')!.content);
    expect(ics).toMatchObject({ METHOD: 'METHOD:REQUEST', UID: firstIcs.UID, DTSTART: `DTSTART:${icsStamp(to!)}` });
    expect(Number(ics.SEQUENCE!.split(':')[1])).toBeGreaterThan(Number(firstIcs.SEQUENCE!.split(':')[1]));

    const activity = await db.selectFrom('staff_activity').selectAll().where('subject_id', '=', reference).execute();
    expect(activity.map((r) => [r.actor, r.action])).toEqual([[staffEmail, 'appointment.move']]);
    expect(JSON.parse(activity[0]!.before!)).toMatchObject({ starts_at: from });
    expect(JSON.parse(activity[0]!.after!)).toMatchObject({ starts_at: to });

    // A cancelled booking stays where it was.
    expect((await page(url, '/admin/appointments', cookie, { _action: 'cancel', id: String(id) })).status).toBe(303);
    const late = await page(url, '/admin/appointments', cookie, { _action: 'move', id: String(id), start: from! });
    expect(late.status).toBe(400);
    expect(late.body).toContain('This appointment is cancelled and cannot be moved.');
  });
});
