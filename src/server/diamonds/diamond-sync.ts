/**
 * Keeps this app server's diamond index in step with the database.
 *
 * - Built from the database on first use (or at start, see warmDiamondIndex), in id order, in chunks.
 * - Before every search, the change log is read from where this server left it (one indexed query;
 *   on PostgreSQL, one statement: its snapshot and the rows of the transactions settled since the last),
 *   and a search never shows a stone that was sold before it began: every stone the log says is no
 *   longer listed (sold, reserved, hidden, deleted) is hidden at once, from the log alone. Concurrent
 *   searches share one read.
 * - The other changes (new stones, new prices or grades, stones listed again) are re-read and applied
 *   in place: before the search when they are few (DiamondIndex.applyBatch); in the background when an
 *   importer or a bulk UPDATE changed many, a slice at a time, each staged and merged in steps, with
 *   searches running in between every few milliseconds, then committed at once (DiamondIndex.stage,
 *   commit), at most one commit a second. Each is searchable within a few seconds of its commit.
 * - The rows that searches show are kept in memory (diamond-rows.ts): each stone the log names is
 *   forgotten there too.
 * - A background poll every second keeps an idle server current, and prunes old log rows.
 * - A `null` change, a long silence or a batch too large to apply in place rebuilds the index off the
 *   request path: searches go on with the old index (sold stones still hidden) until the new one swaps in.
 *
 * No writer needs to call anything: database triggers log every insert, update and delete of a diamond.
 */
import { setImmediate as pause, setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '~/server/db/database.ts';
import { DiamondIndex, type IndexRow } from './diamond-index.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import { requestBegan } from '~/server/runtime/request-time.ts';
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/server/db/outage.ts';
import { forgetAllRows, forgetRows } from './diamond-rows.ts';
import { changesSince, changeWatermark, countDiamonds, indexRows, indexRowsByIds, pruneChanges, type Watermark } from './diamond.repository.ts';

/**
 * Changed stones re-read and applied before the search itself; more go to the background. On a big
 * index every batch costs a copy of each order (about 10 ms at a million stones), so only a few.
 */
const INLINE_MAX = 2_000;
const INLINE_MAX_BIG = 8;
const BIG_INDEX = 100_000;
/**
 * The background applies up to this many stones in one staged batch (one copy of each order), and more
 * on a big index, a twentieth of it: every batch copies the six orders whole, so at 2,000,000 stones an
 * import of 100,000 took five copies of 12 M slots in slices of 20,000 (13.9 s until searchable on a
 * loaded 2-core machine, 10 s of it merging)...
 */
const SLICE = 20_000;
const sliceFor = (size: number) => Math.max(SLICE, Math.ceil(size / 20));
/**
 * ...and commits at most one a second, gathering what arrives meanwhile: each commit remakes the six
 * orders and empties the index's answer cache, so every popular search is computed again after it.
 * During an import of 5,000-stone batches that was two commits a second; now half the work, and a
 * change still searchable within two seconds or so.
 */
const COMMIT_EVERY_MS = 1_000;
/** ...reading their rows this many at a time, searches running in between. */
const READ_PIECE = 1_000;
/**
 * The background reads and merges for this long before it gives way to searches (so a search waits for
 * at most this much of it). A pause per merge step or per piece read (a fraction of a millisecond each)
 * left the background a few per cent of the time while shoppers searched without pause, and an import
 * faster than that went unsearchable for ten seconds and more.
 */
const WORK_MS = 5;
/** More stones waiting than this (or than half the index): rebuilding is cheaper than applying them. */
const REBUILD_AT = 400_000;
const LOG_PAGE = 50_000;
const POLL_MS = 1_000;
/** Log rows older than this are pruned; a server silent for half of it rebuilds instead of catching up. */
const RETENTION_MS = 60 * 60_000;
const STALE_MS = RETENTION_MS / 2;

interface State {
  index: DiamondIndex;
  watermark: Watermark;
  syncedAt: number;
}

let state: State | undefined;
let building: Promise<State> | undefined;
/** A rebuild running in the background while searches use `state`, and its result once done. */
let replacing: Promise<void> | undefined;
let ready: State | undefined;
let inflight: Promise<void> | undefined;
/** When the read in flight began, and when the last read to complete had begun (performance.now()). */
let inflightBegan = -Infinity;
let lastReadBegan = -Infinity;
let queued: Promise<void> | undefined;
/** Listed stones whose rows the background has yet to read and apply. */
const pending = new Set<number>();
let draining: Promise<void> | undefined;
/** When the background last committed a slice (performance.now()). */
let lastCommit = -Infinity;
/**
 * Stones the log named again while the background was reading or merging a slice (→ listed or not):
 * its rows for them are stale.
 */
let renamed: Map<number, number | null> | undefined;
let timer: NodeJS.Timeout | undefined;
let lastPrune = 0;
/** Counts the index's changes (rebuilds and applied batches): what a cached page was made from. */
let generation = 0;

/** Loads every row and sorts; `background`: gives way to searches between the sorts. */
async function build(db: Db, background: boolean): Promise<State> {
  // The watermark is taken first: whatever changes during the load is applied again afterwards.
  const started = performance.now();
  const watermark = await changeWatermark(db);
  const expected = await countDiamonds(db);
  const index = new DiamondIndex(Math.ceil(expected * 1.01) + 1024);
  // In the background, smaller reads with searches in between (SQLite answers synchronously).
  for await (const rows of indexRows(db, background ? 10_000 : 50_000)) {
    for (const row of rows) index.add(row);
    if (background) await pause();
  }
  const loaded = performance.now();
  if (background) await index.sealAsync(() => pause());
  else index.seal();
  const ms = (t: number) => `${((t - started) / 1000).toFixed(1)} s`;
  console.log(`diamond index: ${index.size.toLocaleString('en-US')} stones loaded in ${ms(loaded)}, sorted by ${ms(performance.now())}`);
  return { index, watermark, syncedAt: Date.now() };
}

function install(built: State): void {
  if (state !== built) generation++;
  state = built;
  pending.clear();
  forgetAllRows();
}

/** The first build: nothing to search until it is done. */
async function firstBuild(db: Db): Promise<State> {
  building ??= build(db, false).finally(() => (building = undefined));
  const built = await building;
  if (!state) install(built);
  startPolling(db);
  return state!;
}

/** A rebuild in the background; `state` serves searches until the new index swaps in. */
function rebuildInBackground(db: Db): void {
  pending.clear();
  forgetAllRows();
  replacing ??= build(db, true)
    .then((built) => void (ready = built))
    .catch((error: unknown) => console.error('diamond index: rebuild failed', error))
    .finally(() => (replacing = undefined));
}

async function catchUp(db: Db): Promise<void> {
  // A finished rebuild swaps in here only, just before its first read of the log.
  if (ready) install(ready);
  ready = undefined;
  const current = state ?? (await firstBuild(db));
  if (Date.now() - current.syncedAt > STALE_MS) rebuildInBackground(db);
  const batch = await changesSince(db, current.watermark, LOG_PAGE);
  // The last word on each stone: the log is in commit order for any one stone (its row lock).
  const latest = new Map<number, number | null>();
  let rebuild = false;
  for (const c of batch.changes) {
    if (c.diamond_id === null) rebuild = true;
    else latest.set(c.diamond_id, c.listed);
  }
  const relisted: number[] = [];
  // Whether a page made before this read may show something changed. A stone the index does not hold
  // (new, or still queued) is on no page yet: only its arrival, when applied, changes what pages show.
  let touched = rebuild;
  forgetRows(latest.keys());
  for (const [id, listed] of latest) {
    renamed?.set(id, listed);
    pending.delete(id);
    if (!touched && current.index.slotOf(id) >= 0) touched = true;
    // Not listed any more (or unknown): hidden now, before any search reads the index.
    if (listed !== 1) current.index.delist(id);
    if (listed !== 0) relisted.push(id);
  }
  if (touched) generation++;
  current.watermark = batch.watermark;
  current.syncedAt = Date.now();

  if (rebuild || replacing || ready) {
    // The rebuild reads every row, and after it the log from its own watermark: nothing to queue.
    if (rebuild) rebuildInBackground(db);
    return;
  }
  const inlineMax = current.index.size > BIG_INDEX ? INLINE_MAX_BIG : INLINE_MAX;
  // While the background merges a batch, the orders must stay as they are: everything queues behind it.
  if (relisted.length <= inlineMax && pending.size === 0 && !draining) {
    if (!relisted.length) return;
    const rows = await indexRowsByIds(db, relisted);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Synchronous from here: a search never sees half a batch.
    current.index.applyBatch(relisted.map((id) => [id, byId.get(id)] as const));
    generation++;
    return;
  }
  for (const id of relisted) pending.add(id);
  if (pending.size > Math.max(REBUILD_AT, current.index.size / 2)) rebuildInBackground(db);
  else drain(db);
}

/**
 * Applies the pending stones in the background, a slice at a time: rows read a piece at a time, the
 * slice staged and merged in steps, searches running in between, then committed at once.
 */
function drain(db: Db): void {
  draining ??= (async () => {
    const started = performance.now();
    let applied = 0;
    let reading = 0;
    let merging = 0;
    const stale = (current: State) => state !== current || replacing || ready;
    let since = performance.now();
    /** Gives way to searches once this run has worked WORK_MS since it last did. */
    const giveWay = async () => {
      if (performance.now() - since < WORK_MS) return;
      await pause();
      since = performance.now();
    };
    while (pending.size && state && !replacing && !ready) {
      const wait = lastCommit + COMMIT_EVERY_MS - performance.now();
      const slice = sliceFor(state.index.size);
      if (wait > 0 && pending.size < slice) {
        await sleep(wait, undefined, { ref: false });
        continue;
      }
      const current = state;
      const ids: number[] = [];
      for (const id of pending) {
        ids.push(id);
        if (ids.length === slice) break;
      }
      for (const id of ids) pending.delete(id);
      const named = (renamed = new Map());
      try {
        const t0 = performance.now();
        const rows: IndexRow[] = [];
        for (let i = 0; i < ids.length; i += READ_PIECE) {
          rows.push(...(await indexRowsByIds(db, ids.slice(i, i + READ_PIECE))));
          // SQLite answers synchronously: give way to searches between the pieces.
          await giveWay();
          if (stale(current)) return;
        }
        const t1 = performance.now();
        const byId = new Map(rows.map((r) => [r.id, r]));
        // A stone the log named again while its row was read is already handled (hidden, or queued again).
        const staged = current.index.stage(ids.filter((id) => !named.has(id)).map((id) => [id, byId.get(id)] as const));
        for (let step = staged.steps.next(); !step.done; step = staged.steps.next()) {
          await giveWay();
          if (stale(current)) return;
        }
        // Named unlisted during the merge: hidden, whatever the row read before said.
        if (!current.index.commit(staged, (id) => named.has(id) && named.get(id) !== 1)) {
          for (const id of ids) pending.add(id);
          continue;
        }
        generation++;
        lastCommit = performance.now();
        applied += ids.length;
        reading += t1 - t0;
        merging += performance.now() - t1;
      } finally {
        renamed = undefined;
      }
      await pause();
      since = performance.now();
    }
    state?.index.releaseSpare();
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `diamond index: ${applied.toLocaleString('en-US')} changed stones applied in the background in ${s(performance.now() - started)} (reading rows ${s(reading)}, merging ${s(merging)})`,
    );
  })()
    .catch((error: unknown) => console.error('diamond index: applying changes failed', error))
    .finally(() => {
      draining = undefined;
      // Stones queued while this run was ending: the next run takes them.
      if (pending.size && !replacing && !ready) drain(db);
    });
}

/**
 * One read of the log at a time. A caller needs every change committed before `asOf` (when its request
 * began): a read begun since then has them (the page cache's read, earlier in the same request); one
 * begun before may not, so the caller waits for the next read.
 */
function sync(db: Db, asOf = requestBegan()): Promise<void> {
  if (lastReadBegan >= asOf) return Promise.resolve();
  if (inflight && inflightBegan >= asOf) return inflight;
  if (!inflight) {
    const began = (inflightBegan = performance.now());
    inflight = catchUp(db)
      .then(() => void (lastReadBegan = began))
      .finally(() => (inflight = undefined));
    return inflight;
  }
  queued ??= inflight
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return sync(db, asOf);
    });
  return queued;
}

function startPolling(db: Db): void {
  if (timer) return;
  timer = setInterval(() => {
    // A database out of reach fails every poll: one log line per interval (db/outage.ts), not one a second.
    sync(db).catch((error: unknown) =>
      isDatabaseUnavailable(error) ? noteDatabaseUnavailable(error, 'diamond index sync') : console.error('diamond index: sync failed', error),
    );
    if (Date.now() - lastPrune > RETENTION_MS / 4) {
      lastPrune = Date.now();
      pruneChanges(db, new Date(Date.now() - RETENTION_MS).toISOString()).catch((error: unknown) => console.error('diamond index: prune failed', error));
    }
  }, POLL_MS);
  timer.unref();
}

/**
 * The index, current as of this call: every stone sold, reserved or delisted before it is hidden, and
 * every other change committed before it is applied, or (a bulk change) on its way within seconds.
 */
export async function currentDiamondIndex(db: Db): Promise<DiamondIndex> {
  // Unpaid orders past their payment window give their stones back first (orders/order-lifecycle.ts).
  await expireDueOrders(db);
  if (!state) await firstBuild(db);
  await sync(db);
  return state!.index;
}

/**
 * The generation of the stones as of this call (every change committed before it is counted): equal
 * generations mean no diamond was added, changed, reserved or sold in between, and the index has
 * applied nothing since.
 */
export async function currentDiamondGeneration(db: Db): Promise<number> {
  await currentDiamondIndex(db);
  return generation;
}

/** The generation this server's index has applied (no database read): a key for what changes with it. */
export const appliedDiamondGeneration = (): number => generation;

/** Starts building the index in the background so the first shopper does not wait for it. */
export function warmDiamondIndex(db: Db): void {
  if (!state && !building) firstBuild(db).catch((error: unknown) => console.error('diamond index: build failed', error));
}

/** What /healthz reports of this server's index: its listed stones and generation (null until built). */
export function diamondIndexHealth(): { stones: number; generation: number; bytes: number } | null {
  return state ? { stones: state.index.liveCount, generation, bytes: state.index.byteLength } : null;
}

/**
 * For /metrics: seconds since this server's last change-log read that completed had begun, and the
 * changed stones it has yet to apply (null until the index is built).
 */
export function diamondSyncLag(): { seconds: number; pending: number } | null {
  if (!state || lastReadBegan === -Infinity) return state ? { seconds: (Date.now() - state.syncedAt) / 1000, pending: pending.size } : null;
  return { seconds: (performance.now() - lastReadBegan) / 1000, pending: pending.size };
}
