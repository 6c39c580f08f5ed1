/**
 * The rejected rows of a back-office stock upload, all of them: while the file imports they are
 * spooled to a temporary file (a file of a million bad rows must not sit in memory), then written to
 * `import_rejections` with the activity row that records the import, in one transaction. The CSV route
 * reads them back a page at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import type { Db } from '~/server/db/database.ts';
import type { Rejection } from './diamond-import.ts';

const BATCH = 500;
const PAGE = 5_000;

export interface RejectionSpool {
  add(rejection: Rejection): Promise<void>;
  /** Writes every spooled rejection under `activityId` with `db` (a transaction's handle). */
  saveTo(db: Db, activityId: number): Promise<void>;
  /** Removes the temporary file (always call it, saved or not). */
  discard(): Promise<void>;
}

export async function rejectionSpool(): Promise<RejectionSpool> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'aurelle-upload-rejects-'));
  const file = path.join(dir, 'rejects.ndjson');
  const out = fs.createWriteStream(file);
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    out.end();
    await once(out, 'finish');
  };
  return {
    async add(r) {
      if (failed) throw failed;
      if (!out.write(`${JSON.stringify([r.line, r.stock_number ?? null, JSON.stringify(r.reasons)])}\n`)) await once(out, 'drain');
    },
    async saveTo(db, activityId) {
      await close();
      if (failed) throw failed;
      let batch: { activity_id: number; line: number; stock_number: string | null; reasons: string }[] = [];
      const flush = async () => {
        if (batch.length) await db.insertInto('import_rejections').values(batch).execute();
        batch = [];
      };
      for await (const text of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
        const [line, stockNumber, reasons] = JSON.parse(text) as [number, string | null, string];
        batch.push({ activity_id: activityId, line, stock_number: stockNumber, reasons });
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    },
    async discard() {
      out.destroy();
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
  };
}

/** The rejections kept for one import, in file order, a page at a time; none for an import recorded before migration 0035. */
export async function* savedRejections(db: Db, activityId: number): AsyncGenerator<Rejection> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('import_rejections')
      .select(['id', 'line', 'stock_number', 'reasons'])
      .where('activity_id', '=', activityId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) yield { line: r.line, stock_number: r.stock_number, reasons: JSON.parse(r.reasons) as string[] };
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}
