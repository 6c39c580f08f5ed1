/**
 * To the staff (STAFF_EMAIL, else the shop's e-mail): a stock or product import failed. Queued on its own,
 * never in the caller's way: the import's own error still goes to whoever ran it (the command line, the
 * admin route, the back office's upload page). A dry run that fails changes nothing and sends nothing.
 */
import { sendMailLater, staffEmail } from '~/server/mail/mailer.ts';
import { mailMjml } from '~/server/mail/layout.ts';

export type ImportKind = 'stock' | 'product';

export function mailImportFailed(kind: ImportKind, source: string, error: unknown, at: Date = new Date()): void {
  const reason = error instanceof Error ? error.message : String(error);
  const when = at.toISOString().replace('T', ' ').slice(0, 16);
  const paragraphs = [
    `The ${kind} import from ${source} failed at ${when} UTC: ${reason}`,
    kind === 'stock'
      ? 'Every batch written before the failure stands and the rest is as it was: each stone is either as it was or as the file says. Run the import again once the cause is fixed to finish it.'
      : 'Products written before the failure stand and the rest are as they were. Run the import again once the cause is fixed to finish it.',
  ];
  sendMailLater(async () => ({
    to: staffEmail(),
    subject: `The ${kind} import from ${source} failed`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: mailMjml({ heading: `${kind === 'stock' ? 'Stock' : 'Product'} import failed`, paragraphs }),
  }));
}
