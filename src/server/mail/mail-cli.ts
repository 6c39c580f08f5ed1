/**
 * `npm run mail -- …` (dist/cli/cli.mjs mail …): the mail outbox on the database named by DATABASE_URL, as
 * GET /api/admin/mail and POST /api/admin/mail/{id}/resend do over HTTP:
 *   list [--failed | --status S] [--limit N]   newest first, one message a line
 *   resend ID                                  queue it again (the app servers' senders deliver it)
 */
import { openCliConnection } from '~/server/db/cli-connection.ts';
import { CliUsageError } from '~/server/feeds/import-args.ts';
import { listOutbox, resend, type OutboxEntry } from './outbox.ts';

export const MAIL_USAGE = 'usage: npm run mail -- list [--failed | --status pending|sent|failed] [--limit N] | resend ID';

const STATUSES = ['pending', 'sent', 'failed'] as const;

function describe(m: OutboxEntry): string {
  const state =
    m.status === 'pending'
      ? `pending (attempt ${m.attempts + 1}, next ${m.next_attempt_at})`
      : m.status === 'sent'
        ? `sent ${m.sent_at}`
        : `failed after ${m.attempts} attempts`;
  return [
    String(m.id).padStart(6),
    m.status.padEnd(7),
    m.created_at,
    m.kind.padEnd(18),
    m.to,
    `“${m.subject ?? '(not rendered yet)'}”`,
    state,
    m.status !== 'sent' && m.last_error ? `· ${m.last_error}` : '',
  ]
    .join('  ')
    .trimEnd();
}

export async function runMail(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let status: (typeof STATUSES)[number] | undefined;
  let limit = 100;
  let id: number | undefined;
  if (command === 'list') {
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!;
      if (arg === '--failed') status = 'failed';
      else if (arg === '--status' || arg === '--limit') {
        const value = rest[++i];
        if (value === undefined) throw new CliUsageError(`${arg} needs a value\n${MAIL_USAGE}`);
        if (arg === '--status') {
          if (!STATUSES.includes(value as never)) throw new CliUsageError(`--status takes one of ${STATUSES.join(', ')}`);
          status = value as (typeof STATUSES)[number];
        } else {
          limit = Number(value);
          if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliUsageError('--limit takes a whole number from 1 to 10000');
        }
      } else throw new CliUsageError(`unexpected ${arg}\n${MAIL_USAGE}`);
    }
  } else if (command === 'resend') {
    if (rest.length !== 1 || !/^\d+$/.test(rest[0]!)) throw new CliUsageError(`resend takes one message number\n${MAIL_USAGE}`);
    id = Number(rest[0]);
  } else throw new CliUsageError(MAIL_USAGE);

  const conn = await openCliConnection();
  try {
    if (command === 'list') {
      const rows = await listOutbox(conn.db, { status, limit });
      for (const m of rows) console.log(describe(m));
      console.log(`${rows.length} message${rows.length === 1 ? '' : 's'}${status ? ` ${status}` : ''}`);
      return 0;
    }
    const entry = await resend(conn.db, id!);
    if (!entry) {
      console.error(`No message ${id} in the outbox`);
      return 1;
    }
    console.log(`Message ${entry.id} to ${entry.to} is queued to be sent again`);
    return 0;
  } finally {
    await conn.close();
  }
}
