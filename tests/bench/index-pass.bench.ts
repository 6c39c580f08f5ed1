// The index pass alone, in process: `node --import ./scripts/alias.mjs tests/bench/index-pass.bench.ts`
// (prints figures; nothing asserted). Builds an index of N generated stones (the seed's mix), then runs
// the shopper search mix of bench:diamonds straight through the index, bypassing its cache of recent
// answers, and reports p50/p95/p99 of one search. No server, no database: what a change to the pass
// costs, measured on a shared machine where a 1,000,000-stone server does not fit. Run it on another
// tree (BENCH_TREE=/path/to/other/checkout), or on several in one process (BENCH_TREES=/base,/mine) to
// compare before and after: their indexes are built side by side and the trees take turns search by
// search, so a busy machine slows them alike (about 150 MB per tree at 1,000,000 stones). The first
// tree is the reference: the others print their p95 against it.
//
// Each search runs BENCH_ROUNDS times and counts its fastest run, so that a busy machine's pauses (another
// process holding the core) do not pass for the algorithm's time; beside the wall-clock time, the CPU
// time this process spent on it (process.cpuUsage: what a search costs whatever else the machine runs).
//
// Environment: BENCH_TREE or BENCH_TREES, BENCH_DIAMONDS (200000), BENCH_SEARCHES (600), BENCH_ROUNDS (3).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { searches } from './bench-lib.mjs';

const here = path.join(import.meta.dirname, '../..');
const trees = (process.env.BENCH_TREES ?? process.env.BENCH_TREE ?? here).split(',').map((t) => path.resolve(t));
const N = Number(process.env.BENCH_DIAMONDS ?? 200_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Tree {
  tree: string;
  compute: (q: unknown) => unknown;
  queries: unknown[];
  times: number[];
  cpu: number[];
}

async function prepare(tree: string): Promise<Tree> {
  const load = (p: string) => import(pathToFileURL(path.join(tree, 'src', p)).href);
  const { DiamondIndex } = await load('server/diamonds/diamond-index.ts');
  const { generateDiamond } = await load('server/db/seed/diamonds.ts');
  const { createRng } = await load('server/db/seed/random.ts');
  // Its own module since the service imports what plain Node cannot load (trees before it: the service).
  const { toIndexQuery } = await load(
    fs.existsSync(path.join(tree, 'src/server/diamonds/index-query.ts')) ? 'server/diamonds/index-query.ts' : 'server/diamonds/diamonds.service.ts',
  );
  const rng = createRng(2026);
  const index = new DiamondIndex(N);
  for (let i = 0; i < N; i++) index.add(generateDiamond(rng, i, 61 + i, '2026-01-01T00:00:00Z'));
  index.seal();
  const queries = searches(SEARCHES, 42).map((p: string) => {
    const params = new URL(p, 'http://x').searchParams;
    const filters = JSON.parse(params.get('diamond_filters')!);
    return toIndexQuery({
      filters,
      sort_by: params.get('sort_by'),
      sort_direction: params.get('sort_direction'),
      page_number: Number(params.get('page_number')),
      page_size: 24,
    });
  });
  const compute = (q: unknown) => (index as unknown as { compute(q: unknown): unknown }).compute(q);
  for (const q of queries.slice(0, 100)) compute(q); // warm the JIT
  return { tree, compute, queries, times: queries.map(() => Infinity), cpu: queries.map(() => Infinity) };
}

const runs: Tree[] = [];
for (const tree of trees) runs.push(await prepare(tree));
// Several trees take turns search by search, so that another process's burst slows them alike.
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < SEARCHES; i++) {
    for (const run of r % 2 ? [...runs].reverse() : runs) {
      const c = process.cpuUsage();
      const t = performance.now();
      run.compute(run.queries[i]);
      run.times[i] = Math.min(run.times[i]!, performance.now() - t);
      const used = process.cpuUsage(c);
      run.cpu[i] = Math.min(run.cpu[i]!, (used.user + used.system) / 1000);
    }
  }
}
const figures = runs.map(({ tree, times, cpu }) => {
  const sorted = [...times].sort((a, b) => a - b);
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  const at = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!;
  return {
    tree,
    N,
    searches: sorted.length,
    p50: at(sorted, 0.5),
    p95: at(sorted, 0.95),
    p99: at(sorted, 0.99),
    cpu: `${at(cpuSorted, 0.5).toFixed(2)} / ${at(cpuSorted, 0.95).toFixed(2)} / ${at(cpuSorted, 0.99).toFixed(2)}`,
  };
});
// Per search, against the first tree's time for the same search: the median of those ratios is the least
// moved by another process's bursts.
const ratio = (times: number[]) => {
  const r = times.map((t, i) => t / runs[0]!.times[i]!).sort((a, b) => a - b);
  return `${((r[Math.floor(r.length / 2)]! - 1) * 100).toFixed(1)}%`;
};
for (const f of figures) {
  const first = figures[0]!;
  const run = runs.find((r) => r.tree === f.tree)!;
  const vs = f === first ? {} : { p95_vs_first: `${(((f.p95 - first.p95) / first.p95) * 100).toFixed(1)}%`, median_per_search_vs_first: ratio(run.times) };
  console.log(JSON.stringify({ ...f, p50: f.p50.toFixed(2), p95: f.p95.toFixed(2), p99: f.p99.toFixed(2), ...vs }));
}
