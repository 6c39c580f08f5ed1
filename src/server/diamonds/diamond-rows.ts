/**
 * The rows of the stones that searches show, kept in this server's memory so that a page of results
 * already seen costs no database read (the first pages of the popular searches are the same stones
 * over and over). At most MAX rows, the least recently shown dropped first.
 *
 * The change log keeps them true, as it keeps the index: every stone the log names is forgotten
 * (diamond-sync.ts calls forgetRows before any search reads the index), a new index forgets them all,
 * and a row read from the database while the log named its stone is used once but not kept, since it
 * may be older than that change.
 */
import type { Db } from '~/server/db/database.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import { findDiamondsByIds } from './diamond.repository.ts';

const MAX = 20_000;
const kept = new Map<number, DiamondRow>();
/** Per database read in flight: the stones the log named meanwhile. */
const reads = new Set<Set<number>>();
/** Counts forgetAllRows: a read that began before the last one keeps nothing. */
let epoch = 0;

/** The rows of these stones (those that exist), from memory where kept, else read at once. */
export async function diamondRows(db: Db, ids: number[]): Promise<Map<number, DiamondRow>> {
  const rows = new Map<number, DiamondRow>();
  const missing: number[] = [];
  for (const id of ids) {
    const row = kept.get(id);
    if (!row) missing.push(id);
    else {
      // Shown again: to the back of the queue.
      kept.delete(id);
      kept.set(id, row);
      rows.set(id, row);
    }
  }
  if (!missing.length) return rows;
  const named = new Set<number>();
  const began = epoch;
  reads.add(named);
  try {
    for (const row of await findDiamondsByIds(db, missing)) {
      const id = Number(row.id);
      rows.set(id, row);
      if (!named.has(id) && began === epoch) kept.set(id, row);
    }
  } finally {
    reads.delete(named);
  }
  for (const id of kept.keys()) {
    if (kept.size <= MAX) break;
    kept.delete(id);
  }
  return rows;
}

/** The log named these stones: their kept rows (and any being read) are out of date. */
export function forgetRows(ids: Iterable<number>): void {
  for (const id of ids) {
    kept.delete(id);
    for (const named of reads) named.add(id);
  }
}

/** A new index (a rebuild, after which the log may have gaps): nothing kept is trusted. */
export function forgetAllRows(): void {
  kept.clear();
  epoch++;
}
