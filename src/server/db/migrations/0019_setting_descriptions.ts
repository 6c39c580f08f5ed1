/**
 * The demo seed's setting descriptions said "Designed to hold a centre diamond of 0.3–5 ct in any shape.",
 * which the setting's page also states from its data ("Holds a centre diamond of …"): the same thing
 * twice. The seed no longer writes it (src/server/db/seed/catalog.ts); this takes that one
 * sentence, exactly as the seed wrote it, out of a shop seeded before. Other text is left alone.
 */
import { sql, type Kysely } from 'kysely';

const SEED_SENTENCE = / Designed to hold a centre diamond of \d+(?:\.\d+)?–\d+(?:\.\d+)? ct in (?:any shape|[a-z, ]+ shapes)\./;

export async function up(db: Kysely<any>): Promise<void> {
  const rows = await sql<{ id: number; description: string }>`select id, description from products where is_byo = 1`.execute(db);
  for (const row of rows.rows) {
    const cleaned = row.description.replace(SEED_SENTENCE, '');
    if (cleaned !== row.description) await sql`update products set description = ${cleaned} where id = ${row.id}`.execute(db);
  }
}
