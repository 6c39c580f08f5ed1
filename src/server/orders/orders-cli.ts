/**
 * `npm run orders -- …` (dist/cli/cli.mjs orders …): the staff's order commands on the database named by
 * DATABASE_URL, the same rules as POST /api/admin/orders/{id}/ship|cancel:
 *   list [--status S] [--limit N]          newest first, one order a line
 *   ship <increment_id> --carrier C --tracking T
 *   cancel <increment_id>                  a paid order is refunded in full through its provider
 *   refund <increment_id> --amount 120.00 [--reason "…"]   part of what was paid, never more than is left
 *   mark-paid <increment_id> [--reference R]              a bank transfer received (pending → processing)
 *   expire                                 one expiry pass now (the app servers also run them)
 *   invoice <increment_id> [--out F.pdf] [--credit-note CN-2026-000001]   the invoice (or a credit note) as PDF
 *                                          (default file: its number.pdf in the current folder)
 * A refusal (no such order, wrong status, bad tracking number) is one line on stderr and exit code 1.
 */
import { shareConnection, unshareConnection } from '~/server/db/database.ts';
import { openCliConnection } from '~/server/db/cli-connection.ts';
import { CLI_ACTOR, recordActivity } from '~/server/staff/activity.ts';
import { orderActivity } from './order-activity.ts';
import { mailQueued } from '~/server/mail/mailer.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { formatCents } from '~/lib/money.ts';
import { CliUsageError } from '~/server/feeds/import-args.ts';
import { writeFile } from 'node:fs/promises';
import { creditNoteFile, invoiceFile } from '~/server/invoices/invoices.service.ts';
import { cancelOrder, orderByReference, markPaidByReference, refundByReference, runExpiryPass, shipOrder, type StaffOrderView } from './order-lifecycle.ts';
import { listOrdersByStatus } from './order-holds.repository.ts';
import { markPaidRequestSchema, refundRequestSchema, shipRequestSchema } from './staff.answers.ts';
import { statusLabel } from './order-status.ts';

export const ORDERS_USAGE =
  'usage: npm run orders -- list [--status S] [--limit N] | ship <increment_id> --carrier C --tracking T | cancel <increment_id> | refund <increment_id> --amount 120.00 [--reason R] | mark-paid <increment_id> [--reference R] | expire | invoice <increment_id> [--out F.pdf] [--credit-note N]';

const STATUSES = ['pending', 'pending_payment', 'processing', 'shipped', 'completed', 'canceled'];

function options(args: string[], names: string[]): { positional: string[]; values: Record<string, string> } {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (!names.includes(name)) throw new CliUsageError(`unknown option ${arg}\n${ORDERS_USAGE}`);
    const value = inline ?? args[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new CliUsageError(`--${name} needs a value\n${ORDERS_USAGE}`);
    values[name] = value;
  }
  return { positional, values };
}

function describe(o: StaffOrderView): string {
  const tracking = o.tracking_number ? ` · ${o.carrier} ${o.tracking_number}` : '';
  const refund = o.refunded_cents ? ` · refunded ${formatCents(o.refunded_cents)} of ${formatCents(o.paid_cents)}` : '';
  return `${o.increment_id} ${o.status_label}${tracking}${refund}`;
}

export async function runOrders(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || !['list', 'ship', 'cancel', 'refund', 'mark-paid', 'expire', 'invoice'].includes(command)) throw new CliUsageError(ORDERS_USAGE);
  const known: Record<string, string[]> = {
    list: ['status', 'limit'],
    ship: ['carrier', 'tracking'],
    refund: ['amount', 'reason'],
    'mark-paid': ['reference'],
    invoice: ['out', 'credit-note'],
  };
  const { positional, values } = options(rest, known[command] ?? []);
  if (command === 'list' && values.status && !STATUSES.includes(values.status)) throw new CliUsageError(`--status takes one of ${STATUSES.join(', ')}`);
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliUsageError('--limit takes a whole number from 1 to 10000');
  if (['ship', 'cancel', 'refund', 'mark-paid', 'invoice'].includes(command) && positional.length !== 1)
    throw new CliUsageError(`${command} takes one order number\n${ORDERS_USAGE}`);
  if ((command === 'list' || command === 'expire') && positional.length) throw new CliUsageError(`unexpected ${positional[0]}\n${ORDERS_USAGE}`);
  let ship: ReturnType<typeof shipRequestSchema.parse> | undefined;
  if (command === 'ship') {
    const parsed = shipRequestSchema.safeParse({ carrier: values.carrier, tracking: values.tracking });
    if (!parsed.success)
      throw new CliUsageError(
        `${parsed.error.issues.map((i) => (i.path.length ? `--${String(i.path[0])}: ${i.message.replace(/^\w+: /, '')}` : i.message)).join('; ')}\n${ORDERS_USAGE}`,
      );
    ship = parsed.data;
  }
  const flagIssues = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
    error.issues.map((i) => (i.path.length ? `--${String(i.path[0])}: ${i.message.replace(/^\w+: /, '')}` : i.message)).join('; ');
  let refund: ReturnType<typeof refundRequestSchema.parse> | undefined;
  if (command === 'refund') {
    if (values.amount === undefined) throw new CliUsageError(`refund needs --amount, in dollars such as 120.00\n${ORDERS_USAGE}`);
    const parsed = refundRequestSchema.safeParse({ amount: values.amount, reason: values.reason });
    if (!parsed.success) throw new CliUsageError(`${flagIssues(parsed.error)}\n${ORDERS_USAGE}`);
    refund = parsed.data;
  }
  let markPaid: ReturnType<typeof markPaidRequestSchema.parse> | undefined;
  if (command === 'mark-paid') {
    const parsed = markPaidRequestSchema.safeParse({ reference: values.reference });
    if (!parsed.success) throw new CliUsageError(`${flagIssues(parsed.error)}\n${ORDERS_USAGE}`);
    markPaid = parsed.data;
  }

  const conn = await openCliConnection();
  // Mail these commands make (receipts, refunds, shipping) is queued on this same connection: a second
  // SQLite connection in this process would wait for this one's write lock while blocking the thread.
  shareConnection(conn);
  try {
    const db = conn.db;
    if (command === 'list') {
      const rows = await listOrdersByStatus(db, values.status, limit);
      for (const o of rows) {
        console.log(
          [
            o.increment_id,
            o.status.padEnd(15),
            statusLabel(o.status, o.cancel_reason).padEnd(31),
            formatCents(o.grand_total_cents).padStart(12),
            o.created_at,
            o.email,
            o.tracking_number ? `${o.carrier} ${o.tracking_number}` : '',
          ]
            .join('  ')
            .trimEnd(),
        );
      }
      console.log(`${rows.length} order${rows.length === 1 ? '' : 's'}${values.status ? ` in ${values.status}` : ''}`);
    } else if (command === 'expire') {
      const n = await runExpiryPass(db);
      console.log(`Expired ${n} unpaid order${n === 1 ? '' : 's'}`);
    } else if (command === 'refund') {
      const { view, refundedCents } = await refundByReference(db, positional[0]!, refund!.amount, refund!.reason);
      await recordActivity(CLI_ACTOR, orderActivity('refund', view, { amount_cents: refundedCents, reason: refund!.reason ?? null }), db);
      console.log(`Refunded ${formatCents(refundedCents)}: ${describe(view)}`);
    } else if (command === 'invoice') {
      const order = await orderByReference(db, positional[0]!);
      const file = values['credit-note'] ? await creditNoteFile(db, order, values['credit-note']) : await invoiceFile(db, order);
      const out = values.out ?? file.filename;
      await writeFile(out, file.pdf);
      console.log(`${file.filename.replace(/\.pdf$/, '')} of order ${order.increment_id} written to ${out}`);
    } else if (command === 'mark-paid') {
      const view = await markPaidByReference(db, positional[0]!, markPaid!.reference);
      await recordActivity(CLI_ACTOR, orderActivity('mark_paid', view, { reference: markPaid!.reference ?? null }), db);
      console.log(describe(view));
    } else if (command === 'ship') {
      const view = await shipOrder(db, positional[0]!, ship!);
      await recordActivity(CLI_ACTOR, orderActivity('ship', view, { carrier: ship!.carrier, tracking: ship!.tracking }), db);
      console.log(describe(view));
    } else {
      const view = await cancelOrder(db, positional[0]!);
      await recordActivity(CLI_ACTOR, orderActivity('cancel', view), db);
      console.log(describe(view));
    }
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await mailQueued();
    unshareConnection();
    await conn.close();
  }
}
