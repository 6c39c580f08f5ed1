/**
 * Every rejected row of an import as a CSV file, in file order, ready to send back to the supplier:
 * `line,stock_number,reasons` (reasons joined by "; "). Written by `npm run import:diamonds -- FILE
 * --rejects OUT.csv` and answered by POST /api/admin/diamonds/import with `Accept: text/csv`.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import type { Rejection } from './diamond-import.ts';

export const REJECTS_HEADER = 'line,stock_number,reasons\n';

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
const field = (value: string) => {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const rejectsLine = (r: Rejection) => `${r.line},${field(r.stock_number ?? '')},${field(r.reasons.join('; '))}\n`;

/** A rejects file being written: `add` waits when the disk is behind; `close` flushes it. */
export function rejectsWriter(file: string) {
  const out = fs.createWriteStream(file);
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  out.write(REJECTS_HEADER);
  return {
    async add(r: Rejection) {
      if (failed) throw failed;
      if (!out.write(rejectsLine(r))) await once(out, 'drain');
    },
    async close() {
      if (failed) throw failed;
      out.end();
      await once(out, 'finish');
    },
    destroy: () => out.destroy(),
  };
}
