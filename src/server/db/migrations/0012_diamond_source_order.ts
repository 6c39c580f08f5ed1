/**
 * `--replace` pages through a source's listed stones in id order (import.repository.ts listedStones).
 * PostgreSQL's index on (source, status, is_hidden) does not hold them in id order, so each page sorted
 * every listed stone of the source again (minutes for a million); with id as the index's last column a
 * page is a walk along the index. (SQLite's index entries end with the rowid, the id, already.)
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('diamonds_source_listed').on('diamonds').columns(['source', 'status', 'is_hidden', 'id']).execute();
  await db.schema.dropIndex('diamonds_source_status').execute();
}
