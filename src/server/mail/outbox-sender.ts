/**
 * The outbox's sender, one in each app server: every MAIL_POLL_MS (default 1000 ms), and at once when
 * this server queued a message, it takes the messages that are due (outbox.ts: a message is taken by one
 * server only), renders the templated ones, hands each to the mail server (mailer.ts `deliver`) and marks
 * it sent; a failed attempt is tried again after a back-off that doubles (MAIL_RETRY_BASE_SECONDS, at most
 * MAIL_RETRY_MAX_SECONDS), and after MAIL_MAX_ATTEMPTS the message is marked failed and the staff are told.
 * The log names the message's id, its kind and its (masked) recipient, never its content.
 */
import type { Db } from '~/server/db/database.ts';
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/server/db/outage.ts';
import { log, logThrottled, maskEmails } from '~/server/observe/log.ts';
import { mailAttemptFailures, mailSent } from '~/server/observe/metrics.ts';
import { config } from '~/server/config/config.ts';
import { deliver, finished, staffEmail } from './mailer.ts';
import { mailMjml } from './layout.ts';
import { claimDue, markAttemptFailed, markSent, onQueued, outboxSettings, queue, storeRendered, type OutboxRow, type StoredMessage } from './outbox.ts';
import { isStaffTemplate, TEMPLATES } from './templates.ts';
import { env } from '~/server/config/env.ts';

const BATCH = 10;

let started = false;
let running: Promise<void> | undefined;
let again = false;

function pollMs(): number {
  return env('MAIL_POLL_MS');
}

export function startMailSender(db: Db): void {
  if (started) return;
  started = true;
  if (!config.smtpUrl && env('NODE_ENV') === 'production')
    log.warn('SMTP_URL is not set: e-mail is written to var/mail/ of the server that sends it, not delivered (set SMTP_URL on every server)');
  const kick = () => void sendDue(db);
  onQueued(kick);
  setInterval(kick, pollMs()).unref();
  kick();
}

/** One pass (or, if one is running, one more right after it): until nothing due is left. */
export function sendDue(db: Db): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        const { token, rows } = await claimDue(db, BATCH);
        for (const row of rows) await attempt(db, row, token);
        if (rows.length === BATCH) again = true;
      } while (again);
    } catch (error) {
      if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error, 'mail sender');
      else log.error({ err: error }, 'Mail sender failed');
    } finally {
      running = undefined;
    }
  })();
  return running;
}

async function attempt(db: Db, row: OutboxRow, token: string): Promise<void> {
  const kind = row.template ?? 'message';
  let message: StoredMessage;
  try {
    message = await finished(row.message ? (JSON.parse(row.message) as StoredMessage) : await render(db, row, token));
  } catch (error) {
    return failed(db, row, token, error);
  }
  try {
    await deliver(message);
  } catch (error) {
    return failed(db, row, token, error);
  }
  await markSent(db, row.id, token);
  mailSent.inc();
  log.info(
    { mailId: row.id, kind, recipient: maskEmails(row.recipient), attempt: row.attempts },
    `Mail ${row.id} (${kind}) sent to ${maskEmails(row.recipient)}`,
  );
}

async function render(db: Db, row: OutboxRow, token: string): Promise<StoredMessage> {
  const make = row.template ? TEMPLATES[row.template] : undefined;
  if (!make) throw new Error(`unknown mail template ${JSON.stringify(row.template)}`);
  const message = await make(db, JSON.parse(row.params ?? '{}') as Record<string, unknown>);
  await storeRendered(db, row.id, token, message);
  return message;
}

async function failed(db: Db, row: OutboxRow, token: string, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const kind = row.template ?? 'message';
  const last = await markAttemptFailed(db, row, token, reason);
  mailAttemptFailures.inc({ final: last ? 'yes' : 'no' });
  const fields = { mailId: row.id, kind, recipient: maskEmails(row.recipient), attempt: row.attempts, maxAttempts: outboxSettings.maxAttempts, reason };
  if (!last) {
    // A mail server that is down fails every message: one line per interval, with a count.
    logThrottled(`mail:${reason.slice(0, 60)}`, 'warn', fields, `Mail attempt failed (tried again later): ${reason}`);
    return;
  }
  log.error(fields, `Mail ${row.id} (${kind}) to ${maskEmails(row.recipient)} failed after ${row.attempts} attempts: ${reason}`);
  if (!isStaffTemplate(row.template) && row.recipient !== staffEmail())
    await queue(db, { message: failedMailNotice(row, reason), dedupeKey: `mail:${row.id}:failed:${row.created_at}:${row.attempts}` });
}

/** To the staff: a message to a customer could not be delivered; how to send it again. */
function failedMailNotice(row: OutboxRow, reason: string): StoredMessage {
  const paragraphs = [
    `The e-mail “${row.subject ?? row.template ?? 'message'}” to ${row.recipient} could not be delivered after ${row.attempts} attempts.`,
    `Last error: ${reason}`,
    `Once the cause is fixed, send it again with: npm run mail -- resend ${row.id} (or POST /api/admin/mail/${row.id}/resend).`,
  ];
  return {
    to: staffEmail(),
    subject: `E-mail ${row.id} could not be delivered`,
    text: `${paragraphs.join('\n')}\n`,
    html: mailMjml({ heading: 'An e-mail could not be delivered', paragraphs }),
  };
}
