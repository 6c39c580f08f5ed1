// The index pass alone, in process: `node --import ./scripts/alias.mjs tests/bench/index-pass.bench.ts`
// (prints figures; nothing asserted). Builds an index of N generated stones (the seed's mix), then runs
// the shopper search mix of bench:diamonds straight through the index, bypassing its cache of recent
// answers, and reports p50/p95/p99 of one search. No server, no database: what a change to the pass
// costs, measured on a shared machine where a 1,000,000-stone server does not fit. Run it on two trees
// (BENCH_TREE=/path/to/other/checkout) to compare before and after in one run.
//
// Each search runs BENCH_ROUNDS times and counts its fastest run, so that a busy machine's pauses (another
// process holding the core) do not pass for the algorithm's time.
//
// Environment: BENCH_DIAMONDS (200000), BENCH_SEARCHES (600), BENCH_ROUNDS (3).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { searches } from './bench-lib.mjs';

const tree = path.resolve(process.env.BENCH_TREE ?? path.join(import.meta.dirname, '../..'));
const N = Number(process.env.BENCH_DIAMONDS ?? 200_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const load = (p: string) => import(pathToFileURL(path.join(tree, 'src', p)).href);

const { DiamondIndex } = await load('server/diamonds/diamond-index.ts');
const { generateDiamond } = await load('server/db/seed/diamonds.ts');
const { createRng } = await load('server/db/seed/random.ts');
const { stateFromParams } = await load('features/diamonds/diamond-url.ts');
// Its own module since the service imports what plain Node cannot load (trees before it: the service).
const { toIndexQuery } = await load(fs.existsSync(path.join(tree, 'src/server/diamonds/index-query.ts')) ? 'server/diamonds/index-query.ts' : 'server/diamonds/diamonds.service.ts');

const rng = createRng(2026);
const index = new DiamondIndex(N);
for (let i = 0; i < N; i++) index.add(generateDiamond(rng, i, 61 + i, '2026-01-01T00:00:00Z'));
index.seal();

const queries = searches(SEARCHES, 42).map((p: string) => {
  const params = new URL(p, 'http://x').searchParams;
  const filters = JSON.parse(params.get('diamond_filters')!);
  return toIndexQuery({ filters, sort_by: params.get('sort_by'), sort_direction: params.get('sort_direction'), page_number: Number(params.get('page_number')), page_size: 24 });
});
void stateFromParams;
const compute = (q: unknown) => (index as unknown as { compute(q: unknown): unknown }).compute(q);
for (const q of queries.slice(0, 100)) compute(q); // warm the JIT
const times: number[] = queries.map(() => Infinity);
for (let r = 0; r < ROUNDS; r++) {
  queries.forEach((q, i) => {
    const t = performance.now();
    compute(q);
    times[i] = Math.min(times[i]!, performance.now() - t);
  });
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
console.log(JSON.stringify({ tree, N, searches: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) }));
