/**
 * The activity record: every staff action (sign-in, order actions, notes, store credit, coupons, imports,
 * staff changes) with who, when, what, and the before and after. Append-only: rows are only inserted
 * (the database refuses UPDATE and DELETE, migration 0025), and read newest first.
 */
import type { Kysely } from 'kysely';
import { getDb } from '~/server/db/database.ts';
import type { ActivityRow, Database } from '~/server/db/schema.ts';
import type { Role } from './roles.ts';

/** Who did it: a signed-in staff member, a script holding ADMIN_TOKEN, or the command line. */
export interface Actor {
  kind: 'staff' | 'token' | 'cli';
  /** The staff member's e-mail, `ADMIN_TOKEN` or `cli`: what the record shows as "who". */
  email: string;
  staffId: number | null;
  role: Role | null;
  address: string | null;
}

export const TOKEN_ACTOR = (address: string | null): Actor => ({ kind: 'token', email: 'ADMIN_TOKEN', staffId: null, role: null, address });
export const CLI_ACTOR: Actor = { kind: 'cli', email: 'cli', staffId: null, role: null, address: null };

export interface ActivityEntry {
  action: string;
  subjectType?: string;
  subjectId?: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

const asJson = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function recordActivity(actor: Actor, entry: ActivityEntry, db?: Kysely<Database>): Promise<number> {
  const target = db ?? (await getDb());
  const row = await target
    .insertInto('staff_activity')
    .values({
      staff_id: actor.staffId,
      actor: actor.email,
      action: entry.action,
      subject_type: entry.subjectType ?? null,
      subject_id: entry.subjectId ?? null,
      summary: entry.summary.slice(0, 1000),
      before: asJson(entry.before),
      after: asJson(entry.after),
      address: actor.address,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findActivity(id: number): Promise<ActivityRow | undefined> {
  const db = await getDb();
  return db.selectFrom('staff_activity').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ActivityFilter {
  actor?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  page?: number;
  perPage?: number;
}

export async function listActivity(filter: ActivityFilter = {}): Promise<{ rows: ActivityRow[]; total: number }> {
  const db = await getDb();
  let q = db.selectFrom('staff_activity');
  if (filter.actor) q = q.where('actor', '=', filter.actor.toLowerCase() === 'admin_token' ? 'ADMIN_TOKEN' : filter.actor.toLowerCase());
  if (filter.action) q = q.where('action', 'like', `${filter.action.replace(/[%_]/g, '')}%`);
  if (filter.subjectType) q = q.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId) q = q.where('subject_id', '=', filter.subjectId);
  const perPage = filter.perPage ?? 50;
  const page = filter.page ?? 1;
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
