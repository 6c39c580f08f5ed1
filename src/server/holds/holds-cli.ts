/**
 * `npm run holds -- …` (dist/cli/cli.mjs holds …): diamond holds on the database named by DATABASE_URL, as
 * GET /api/admin/holds and POST /api/admin/holds/{id}/release do over HTTP:
 *   list [--all]    the live holds (--all: ended ones too), newest first, one a line
 *   release ID      end a hold; the shopper is e-mailed (the app servers' senders deliver it)
 */
import { openCliConnection } from '~/server/db/cli-connection.ts';
import { CliUsageError } from '~/server/feeds/import-args.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { staffHolds, staffRelease } from './holds.service.ts';

export const HOLDS_USAGE = 'usage: npm run holds -- list [--all] | release ID';

export async function runHolds(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'list') {
    if (rest.some((a) => a !== '--all')) throw new CliUsageError(HOLDS_USAGE);
  } else if (command === 'release') {
    if (rest.length !== 1 || !/^\d{1,10}$/.test(rest[0]!)) throw new CliUsageError(`release takes one hold number\n${HOLDS_USAGE}`);
  } else throw new CliUsageError(HOLDS_USAGE);
  const conn = await openCliConnection();
  try {
    if (command === 'list') {
      const rows = await staffHolds(conn.db, rest.includes('--all'));
      for (const h of rows)
        console.log(
          [
            String(h.id).padStart(6),
            `diamond ${h.diamond_id}`,
            h.customer_email,
            `until ${h.expires_at}`,
            h.ended_at ? `ended ${h.ended_at} (${h.end_reason})` : 'live',
          ].join('  '),
        );
      console.log(`${rows.length} hold${rows.length === 1 ? '' : 's'}`);
      return 0;
    }
    try {
      const hold = await staffRelease(conn.db, Number(rest[0]));
      console.log(`The hold ${hold.id} on diamond ${hold.diamond_id} is released`);
      return 0;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      console.error(error.message);
      return 1;
    }
  } finally {
    await conn.close();
  }
}
