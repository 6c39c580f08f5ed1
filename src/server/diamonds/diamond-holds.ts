/**
 * The stones shoppers hold as search shows them: each held stone's hold end, read once per index
 * generation. Placing or ending a hold touches the stone, so the change log moves the generation on every
 * server; between changes a search reads nothing more. Holds are few (one per shopper by default).
 */
import type { Db } from '~/server/db/database.ts';

let cached: { generation: number; ends: Map<number, string> } | undefined;

export async function liveHoldEnds(db: Db, generation: number): Promise<Map<number, string>> {
  if (cached?.generation === generation) return cached.ends;
  const rows = await db.selectFrom('diamond_holds').select(['diamond_id', 'expires_at']).where('ended_at', 'is', null).execute();
  const ends = new Map(rows.map((r) => [Number(r.diamond_id), r.expires_at]));
  cached = { generation, ends };
  return ends;
}
