/**
 * The shoppers of `bench:import`, in a process of their own: 4 searches at a time against the shop
 * until the parent says stop, then the latencies (ms) and the slowest searches with their Server-Timing.
 * Apart, so that nothing the parent does (reading the database to time the markers, spawning the
 * importer) can hold up the clock of a search in flight.
 */
const [url] = process.argv.slice(2);
const FILTERS = [
  {},
  { shape: ['oval'] },
  { color: ['D', 'E', 'F'], clarity: ['VS1', 'VS2'] },
  { carat: { min: 1, max: 2 } },
  { origin: ['lab_grown'], price: { max: 3000 } },
  { cut: ['Ideal'], shape: ['round'] },
];

let done = false;
process.on('message', () => (done = true));
const latencies: number[] = [];
const slowest: { ms: number; timing: string }[] = [];

await Promise.all(
  Array.from({ length: 4 }, async (_, w) => {
    for (let i = w; !done; i += 4) {
      const started = performance.now();
      try {
        const params = new URLSearchParams({ diamond_filters: JSON.stringify(FILTERS[i % FILTERS.length]), page_size: '24' });
        const res = await fetch(`${url}/catalog/api/diamonds?${params}`);
        await res.arrayBuffer();
        const ms = performance.now() - started;
        latencies.push(ms);
        if (slowest.length < 8 || ms > slowest[slowest.length - 1]!.ms) {
          slowest.push({ ms, timing: res.headers.get('server-timing') ?? '' });
          slowest.sort((x, y) => y.ms - x.ms).splice(8);
        }
      } catch {
        latencies.push(performance.now() - started);
      }
    }
  }),
);
process.send!({ latencies, slowest }, () => process.exit(0));

export {};
