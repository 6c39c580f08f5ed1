/**
 * The mail outbox: every message is a row of `mail_outbox`, written in the same transaction as what
 * caused it (an order and its confirmation commit together or not at all), then delivered by a sender in
 * each app server (outbox-sender.ts) with retries and back-off.
 *
 * Exactly one server sends a given message: a sender takes due messages in a short write transaction
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so two senders never take the same row and never wait for each
 * other; SQLite's write lock, BEGIN IMMEDIATE, on SQLite), counts the attempt and moves `next_attempt_at`
 * on by its lease, then sends outside any transaction and writes the outcome only if it still holds the
 * row (`claimed_by`). A server that dies mid-send leaves the row to be taken again when the lease ends.
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import type { MailOutboxTable } from '~/server/db/schema.ts';
import type { Selectable } from 'kysely';
import { env } from '~/server/config/env.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

/** What a caller queues: a finished message, or a template rendered when it is first sent. */
export type Outgoing =
  | { message: StoredMessage; dedupeKey?: string }
  | { template: string; params: Record<string, unknown>; recipient: string; dedupeKey?: string };

export interface StoredMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /** Files sent with it (an order's invoice PDF), their content in base64. */
  attachments?: { filename: string; contentType: string; content: string; encoding: 'base64' }[];
  /** Extra headers (alerts: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** Settings: MAIL_MAX_ATTEMPTS (default 10), MAIL_RETRY_BASE_SECONDS (30, doubled per attempt), MAIL_RETRY_MAX_SECONDS (3600). */
export const outboxSettings = {
  get maxAttempts(): number {
    return env('MAIL_MAX_ATTEMPTS');
  },
  get retryBaseMs(): number {
    return env('MAIL_RETRY_BASE_SECONDS') * 1000;
  },
  get retryMaxMs(): number {
    return env('MAIL_RETRY_MAX_SECONDS') * 1000;
  },
  /** How long a sender holds a message it took before another may take it again (a crash mid-send). */
  leaseMs: 120_000,
};

/** The pause before attempt `attempts + 1`: base × 2^(attempts − 1), at most the maximum. */
export function retryDelayMs(attempts: number): number {
  return Math.min(outboxSettings.retryBaseMs * 2 ** Math.max(0, attempts - 1), outboxSettings.retryMaxMs);
}

const listeners = new Set<() => void>();
/** Called when this process queued a message: its sender looks at once instead of at its next poll. */
export const onQueued = (listener: () => void) => listeners.add(listener);

/**
 * Writes a message into the outbox with `db` (a transaction's, to commit with what caused it). With a
 * dedupe key, a message already queued under it is not queued again (a notification is sent once).
 */
export async function queue(db: Db, outgoing: Outgoing, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const row =
    'message' in outgoing
      ? { template: null, params: null, recipient: outgoing.message.to, subject: outgoing.message.subject, message: JSON.stringify(outgoing.message) }
      : { template: outgoing.template, params: JSON.stringify(outgoing.params), recipient: outgoing.recipient, subject: null, message: null };
  await db
    .insertInto('mail_outbox')
    .values({ ...row, status: 'pending', attempts: 0, next_attempt_at: at, created_at: at, dedupe_key: outgoing.dedupeKey ?? null })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  // After the caller's commit, whenever that is: the sender's query sees the row once committed.
  setImmediate(() => listeners.forEach((l) => l()));
}

/** Takes up to `limit` due messages for this sender (see the header); each taken attempt is counted. */
export async function claimDue(db: Db, limit: number, now = new Date()): Promise<{ token: string; rows: OutboxRow[] }> {
  const token = randomBytes(9).toString('base64url');
  const rows = await writeTransaction(db, async (trx) => {
    let due = trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('id')
      .limit(limit);
    if (!isSqlite(trx)) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (!ids.length) return [];
    await trx
      .updateTable('mail_outbox')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + outboxSettings.leaseMs).toISOString(), claimed_by: token })
      .where('id', 'in', ids)
      .execute();
    return trx.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).orderBy('id').execute();
  });
  return { token, rows };
}

/** A template rendered at its first attempt: the message is kept, so a retry or a resend sends the same one. */
export async function storeRendered(db: Db, id: number, token: string, message: StoredMessage): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ message: JSON.stringify(message), subject: message.subject, recipient: message.to })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .execute();
}

export async function markSent(db: Db, id: number, token: string, now = new Date()): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), last_error: null, claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .execute();
}

/** A failed attempt: tried again after the back-off, or, after the last attempt, failed (returns true then). */
export async function markAttemptFailed(db: Db, row: OutboxRow, token: string, error: string, now = new Date()): Promise<boolean> {
  const last = row.attempts >= outboxSettings.maxAttempts;
  await db
    .updateTable('mail_outbox')
    .set(
      last
        ? { status: 'failed', last_error: error, claimed_by: null }
        : { next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(), last_error: error, claimed_by: null },
    )
    .where('id', '=', row.id)
    .where('claimed_by', '=', token)
    .execute();
  return last;
}

export interface OutboxEntry {
  id: number;
  kind: string;
  to: string;
  subject: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export const toEntry = (r: OutboxRow): OutboxEntry => ({
  id: r.id,
  kind: r.template ?? 'message',
  to: r.recipient,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
  last_error: r.last_error,
  created_at: r.created_at,
  sent_at: r.sent_at,
});

/** The newest messages first, optionally of one status. */
export async function listOutbox(db: Db, options: { status?: 'pending' | 'sent' | 'failed'; limit?: number } = {}): Promise<OutboxEntry[]> {
  let q = db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit ?? 50);
  if (options.status) q = q.where('status', '=', options.status);
  return (await q.execute()).map(toEntry);
}

/** Queues a message again (failed, or sent and asked for again): pending, attempts from zero, due now. Undefined: no such message. */
export async function resend(db: Db, id: number, now = new Date()): Promise<OutboxEntry | undefined> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString(), last_error: null, claimed_by: null, sent_at: null })
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (row) setImmediate(() => listeners.forEach((l) => l()));
  return row && toEntry(row);
}
