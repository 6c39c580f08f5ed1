/**
 * `npm run import:diamonds -- FILE …` (dist/cli/cli.mjs import): streams the file into the database named
 * by DATABASE_URL, with progress on a terminal (stderr) and one summary line at the end (stdout).
 */
import { CLI_ACTOR, recordActivity } from '~/server/staff/activity.ts';
import { importActivity, importFailedActivity } from './import-activity.ts';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '~/server/config/config.ts';
import { callerPath } from '~/server/config/env.ts';
import { assertReachable, openDatabase, shareConnection, unshareConnection } from '~/server/db/database.ts';
import { mailQueued } from '~/server/mail/mailer.ts';
import { migrateToLatest } from '~/server/db/migrate.ts';
import { importDiamonds, type ImportSummary } from './diamond-import.ts';
import { CliUsageError, parseImportArgs } from './import-args.ts';
import { readMarkupFile, shopMarkup } from './markup.ts';
import { formatOf } from './import-format.ts';
import { rejectsWriter } from './rejects-file.ts';

const n = (v: number) => v.toLocaleString('en-US');

export function summaryLine(s: ImportSummary): string {
  return (
    `${s.dry_run ? 'Dry run (nothing written): ' : ''}read ${n(s.read)}, inserted ${n(s.inserted)}, updated ${n(s.updated)}, ` +
    `unchanged ${n(s.unchanged)}, delisted ${n(s.delisted)}, rejected ${n(s.rejected)}, skipped ${n(s.skipped)} ` +
    `(source ${s.source}, ${(s.ms / 1000).toFixed(1)} s)`
  );
}

/** Runs the import; returns the exit code (0 also when rows were rejected: they are listed). */
export async function runImport(argv: string[]): Promise<number> {
  const args = parseImportArgs(argv);
  const file = callerPath(args.file);
  if (!fs.existsSync(file)) throw new CliUsageError(`No such file: ${file}`);
  const markup = args.markup ? readMarkupFile(callerPath(args.markup)) : shopMarkup();
  const rejectsFile = args.rejects ? callerPath(args.rejects) : undefined;
  if (rejectsFile && rejectsFile === file) throw new CliUsageError('--rejects must name another file than the one imported');
  const url = config.databaseUrl;
  const conn = await openDatabase(url);
  const tty = process.stderr.isTTY;
  const rejects = rejectsFile ? rejectsWriter(rejectsFile) : undefined;
  // The staff's e-mail of a failed import is queued on this same connection (a second SQLite connection in
  // this process would wait on this one while blocking the thread).
  shareConnection(conn);
  try {
    await assertReachable(conn, url);
    await migrateToLatest(conn.db);
    const size = fs.statSync(file).size;
    const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    const summary = await importDiamonds(conn.db, stream, {
      format: formatOf(file),
      replace: args.replace,
      dryRun: args.dryRun,
      source: args.source,
      markup,
      onRejection: rejects?.add,
      onProgress: (s) => {
        if (!tty) return;
        const pct = size ? Math.min(100, Math.floor((stream.bytesRead / size) * 100)) : 100;
        process.stderr.write(
          `\rImporting ${path.basename(file)}: ${pct}% · ${n(s.read)} read · ${n(s.inserted)} new · ${n(s.updated)} updated · ${n(s.rejected)} rejected `,
        );
      },
    }).catch(async (error: unknown) => {
      if (!args.dryRun)
        await recordActivity(CLI_ACTOR, importFailedActivity(args.source ?? 'default', error, path.basename(file)), conn.db).catch(() => undefined);
      throw error;
    });
    if (tty) process.stderr.write('\n');
    await rejects?.close();
    await recordActivity(CLI_ACTOR, importActivity(summary, path.basename(file)), conn.db);
    for (const r of summary.rejections) console.error(`line ${r.line}${r.stock_number ? ` (stock ${r.stock_number})` : ''}: ${r.reasons.join('; ')}`);
    if (summary.rejected > summary.rejections.length) {
      console.error(`… and ${n(summary.rejected - summary.rejections.length)} more rejected rows${rejectsFile ? '' : ' (--rejects FILE writes them all)'}`);
    }
    if (rejectsFile) console.error(`Every rejected row (${n(summary.rejected)}) is in ${rejectsFile}`);
    if (summary.unknown_columns.length) console.error(`Columns not read: ${summary.unknown_columns.join(', ')}`);
    console.log(summaryLine(summary));
    return 0;
  } finally {
    rejects?.destroy();
    await mailQueued();
    unshareConnection();
    await conn.close();
  }
}
