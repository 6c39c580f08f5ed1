/**
 * Keeps this app server's diamond index in step with the database.
 *
 * - Built from the database on first use (or at start, see warmDiamondIndex), in id order, in chunks.
 * - Before every search, the change log is read from where this server left it (one indexed query),
 *   and each changed stone is re-read and applied: a search never shows a stone that was sold before
 *   it began. Concurrent searches share one read.
 * - A background poll every few seconds keeps an idle server current, and prunes old log rows.
 * - A `null` change, a stone new to the index, or a long silence rebuilds the index from scratch.
 *
 * Other areas do not need to call anything when they update a diamond: the database triggers log it.
 * Code that INSERTS stones into a running shop calls bumpCatalogVersion(db, ids).
 */
import type { Db } from '~/server/db/database.ts';
import { DiamondIndex } from './diamond-index.ts';
import { changesSince, changeWatermark, countDiamonds, indexRows, indexRowsByIds, pruneChanges, recordChanges, type Watermark } from './diamond.repository.ts';

/** More changes than this since the last read: rebuilding is cheaper than applying them one by one. */
const MAX_INCREMENTAL = 20_000;
const POLL_MS = 5_000;
/** Log rows older than this are pruned; a server silent for half of it rebuilds instead of catching up. */
const RETENTION_MS = 60 * 60_000;
const STALE_MS = RETENTION_MS / 2;

interface State {
  index: DiamondIndex;
  watermark: Watermark;
  /** PostgreSQL re-reads rows at the watermark; these are the ones already applied. */
  applied: Set<number>;
  syncedAt: number;
}

let state: State | undefined;
let building: Promise<State> | undefined;
let inflight: Promise<void> | undefined;
let queued: Promise<void> | undefined;
let timer: NodeJS.Timeout | undefined;
let lastPrune = 0;
/** Counts the index's changes (rebuilds and applied batches): what a cached page was made from. */
let generation = 0;

async function build(db: Db): Promise<State> {
  // The watermark is taken first: whatever changes during the load is applied again afterwards.
  const started = performance.now();
  const watermark = await changeWatermark(db);
  const expected = await countDiamonds(db);
  let index = new DiamondIndex(Math.ceil(expected * 1.01) + 1024);
  for await (const rows of indexRows(db)) {
    for (const row of rows) {
      if (index.size === index.ids.length) index = grow(index);
      index.add(row);
    }
  }
  const loaded = performance.now();
  index.seal();
  const ms = (t: number) => `${((t - started) / 1000).toFixed(1)} s`;
  console.log(`diamond index: ${index.size.toLocaleString('en-US')} stones loaded in ${ms(loaded)}, sorted by ${ms(performance.now())}`);
  return { index, watermark, applied: new Set(), syncedAt: Date.now() };
}

function grow(old: DiamondIndex): DiamondIndex {
  const next = new DiamondIndex(old.ids.length * 2);
  for (const key of ['ids', 'A', 'B', 'C', 'carat', 'price', 'depth', 'table', 'lw'] as const) (next[key] as Uint32Array).set(old[key] as Uint32Array);
  next.size = old.size;
  return next;
}

async function rebuild(db: Db): Promise<State> {
  building ??= build(db).finally(() => (building = undefined));
  const built = await building;
  if (state !== built) generation++;
  state = built;
  startPolling(db);
  return state;
}

async function catchUp(db: Db): Promise<void> {
  const current = state ?? (await rebuild(db));
  if (Date.now() - current.syncedAt > STALE_MS) {
    await rebuild(db);
    return;
  }
  const batch = await changesSince(db, current.watermark, MAX_INCREMENTAL);
  const fresh = batch.changes.filter((c) => !current.applied.has(c.id));
  if (batch.changes.length >= MAX_INCREMENTAL || fresh.some((c) => c.diamond_id === null)) {
    await rebuild(db);
    return;
  }
  if (fresh.length) {
    generation++;
    const ids = [...new Set(fresh.map((c) => c.diamond_id!))];
    const rows = new Map((await indexRowsByIds(db, ids)).map((r) => [r.id, r]));
    // Nothing awaited from here on: a search never sees a half-applied batch.
    for (const id of ids) {
      if (!current.index.apply(id, rows.get(id))) {
        await rebuild(db);
        return;
      }
    }
  }
  if (state !== current) return; // a rebuild finished meanwhile and is newer
  if (batch.watermark !== current.watermark) current.applied.clear();
  for (const c of batch.changes) current.applied.add(c.id);
  current.watermark = batch.watermark;
  current.syncedAt = Date.now();
}

/** One read of the log at a time; callers that arrive during a read wait for the next one. */
function sync(db: Db): Promise<void> {
  if (!inflight) {
    inflight = catchUp(db).finally(() => (inflight = undefined));
    return inflight;
  }
  queued ??= inflight.catch(() => undefined).then(() => {
    queued = undefined;
    return sync(db);
  });
  return queued;
}

function startPolling(db: Db): void {
  if (timer) return;
  timer = setInterval(() => {
    sync(db).catch((error: unknown) => console.error('diamond index: sync failed', error));
    if (Date.now() - lastPrune > RETENTION_MS / 4) {
      lastPrune = Date.now();
      pruneChanges(db, new Date(Date.now() - RETENTION_MS).toISOString()).catch((error: unknown) => console.error('diamond index: prune failed', error));
    }
  }, POLL_MS);
  timer.unref();
}

/** The index, current as of this call: every change committed before it is applied. */
export async function currentDiamondIndex(db: Db): Promise<DiamondIndex> {
  if (!state) await rebuild(db);
  await sync(db);
  return state!.index;
}

/**
 * The generation of the stones as of this call (every change committed before it is counted): equal
 * generations mean no diamond was added, changed, reserved or sold in between.
 */
export async function currentDiamondGeneration(db: Db): Promise<number> {
  await currentDiamondIndex(db);
  return generation;
}

/** Starts building the index in the background so the first shopper does not wait for it. */
export function warmDiamondIndex(db: Db): void {
  if (!state && !building) rebuild(db).catch((error: unknown) => console.error('diamond index: build failed', error));
}

/**
 * Tells every app server's index that stones changed. Updates and deletes of `diamonds` are logged by
 * triggers already; call this (inside the same transaction) after INSERTING stones, with their ids,
 * or with no ids after a bulk change to make every server rebuild.
 */
export async function bumpCatalogVersion(db: Db, diamondIds?: number[]): Promise<void> {
  await recordChanges(db, diamondIds?.length ? diamondIds : [null]);
}
