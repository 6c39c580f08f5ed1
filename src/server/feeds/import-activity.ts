/** How a stock import is written in the activity record, whoever ran it: the admin route (a staff member or ADMIN_TOKEN) or the command line. */
import type { ActivityEntry } from '~/server/staff/activity.ts';
import type { ImportSummary } from './diamond-import.ts';

export function importActivity(summary: ImportSummary, file = 'a stock file'): ActivityEntry {
  const { rejections: _rows, ...counts } = summary;
  return {
    action: summary.dry_run ? 'stock.import_dry_run' : 'stock.import',
    subjectType: 'feed',
    subjectId: summary.source,
    summary: `${summary.dry_run ? 'Tried' : 'Imported'} ${file} for ${summary.source}: ${summary.inserted} new, ${summary.updated} updated, ${summary.delisted} delisted, ${summary.rejected} rejected`,
    after: counts,
  };
}

export function importFailedActivity(source: string, error: unknown, file = 'A stock file'): ActivityEntry {
  return {
    action: 'stock.import_failed',
    subjectType: 'feed',
    subjectId: source,
    summary: `${file} was refused: ${error instanceof Error ? error.message : String(error)}`,
  };
}
