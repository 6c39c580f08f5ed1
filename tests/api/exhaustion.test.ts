/**
 * What an anonymous client can make the server hold or do, bounded: the /_astro/ file cache keeps only
 * real files (a miss is a small 404), share images are drawn once per digest off the event loop and
 * limited per client address, password hashing never stalls other requests, and one address cannot hold
 * more than its share of connections. One server of this file's own (SQLite), so that its memory and
 * latency are this file's traffic alone.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';
import { freshAddress } from '../support/unique.ts';
import { inParallel, rawRequest, rssOf, serverPid } from '../support/raw-http.ts';
import { seededDiamonds } from '../support/catalog-fixtures.ts';

const MB = 1024 * 1024;

let server: TestServer;
/** The ids of this server's available stones (the seed is deterministic). */
let stones: number[] = [];
beforeAll(async () => {
  server = await startServer('sqlite', { diamonds: 300 });
  stones = seededDiamonds(300)
    .filter((d) => d.available)
    .map((d) => d.id);
});
afterAll(() => server?.stop());

/** GET over a keep-alive agent from one local address: status, content type and body length. */
function get(
  agent: http.Agent,
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; length: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), { agent, headers }, (res) => {
      let length = 0;
      res.on('data', (d: Buffer) => (length += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), length, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

/**
 * Polls /healthz every 20 ms while `work` runs: the 95th percentile and the slowest answer, in ms. The
 * machine the suites run on is shared (its load average often passes 10 on 2 cores), where even an idle
 * server's slowest /healthz can pass 100 ms now and then; the 95th percentile is what tells a server
 * that keeps answering from one whose event loop or thread pool is held (seconds, every answer).
 */
async function healthzDuring(base: string, work: () => Promise<void>): Promise<{ p95: number; slowest: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: freshAddress() });
  const times: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const began = performance.now();
      expect((await get(agent, base, '/healthz')).status).toBe(200);
      times.push(performance.now() - began);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await probe;
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.floor(times.length * 0.95)] ?? 0, slowest: times.at(-1) ?? 0 };
}

describe('the /_astro/ file cache', () => {
  it('answers a miss with a small 404 and remembers nothing of it: 10,000 distinct misses grow the server by less than 20 MB', async () => {
    const pid = await serverPid(server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8, localAddress: freshAddress() });
    const miss = (i: number) => `/_astro/${String(i).padStart(6, '0')}${'x'.repeat(4000)}.js`;
    const encodings = ['br', 'gzip', 'identity'];
    // A first miss in each encoding: whatever code serves one is loaded, and a miss is a small 404.
    for (const encoding of encodings) {
      const res = await get(agent, server.url, miss(encoding.length * 1_000_000), { 'accept-encoding': encoding });
      expect(res.status).toBe(404);
      expect(res.type).not.toContain('text/html');
      expect(res.length).toBeLessThan(200);
    }
    /** 10,000 distinct misses (numbered from `from`), 8 at a time: how much the server's RSS grew. */
    const round = async (from: number) => {
      const before = rssOf(pid);
      await inParallel(
        Array.from({ length: 10_000 }, (_, i) => from + i),
        8,
        async (i) => {
          const res = await get(agent, server.url, miss(i), { 'accept-encoding': encodings[i % 3]! });
          expect(res.status).toBe(404);
        },
      );
      return rssOf(pid) - before;
    };
    // The first traffic after the start fills V8's young generation, which the start has grown but not
    // yet filled: the server grows by some 40-50 MB once, whatever the requests are (a bare 404 handler
    // does the same), and then no more (measured: +0.0 to +0.3 MB in each of three rounds after it). The
    // baseline is taken after a first round, so that what is measured is what misses leave behind.
    // (Before the fix in src/server/observe/request-log.ts, per-request closures kept every request's
    // objects alive into the old generation: +97 MB in the first round, +66 MB in the second.)
    const warmUp = await round(0);
    const grown = await round(100_000);
    agent.destroy();
    console.log(`RSS after 10,000 distinct /_astro/ misses: ${(warmUp / MB).toFixed(1)} MB more (first round), then ${(grown / MB).toFixed(1)} MB more`);
    expect(grown).toBeLessThan(20 * MB);
  }, 180_000);

  it('still serves the real files, compressed and from memory', async () => {
    const page = await (await fetch(`${server.url}/`)).text();
    const asset = /\/_astro\/[\w.-]+\.(?:js|css)/.exec(page)![0];
    const agent = new http.Agent({ keepAlive: false });
    const br = await get(agent, server.url, asset, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(agent, server.url, asset, { 'accept-encoding': 'identity' })).status).toBe(200);
  });
});

describe('password hashing', () => {
  it('20 parallel sign-ins leave /healthz answering within 100 ms', async () => {
    const from = freshAddress();
    const { p95, slowest } = await healthzDuring(server.url, async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          rawRequest(server.url, 'POST', '/api/customer/login', {
            from,
            body: JSON.stringify({ email: `nobody-${i}-${from}@example.com`, password: 'not the password' }),
            headers: { 'content-type': 'application/json' },
            timeoutMs: 120_000,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401));
    });
    console.log(`/healthz during 20 parallel sign-ins: 95th percentile ${p95.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`);
    expect(p95).toBeLessThan(100);
    expect(slowest).toBeLessThan(1000);
  }, 180_000);
});

describe('share images', () => {
  /** The current share image of diamond `id` (an out-of-date digest redirects to it). */
  async function shareImageOf(id: number): Promise<string> {
    const res = await fetch(`${server.url}/images/share/diamonds/${id}-0.png`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  }

  it('draws off the event loop: four clients asking for distinct stones leave /healthz within 100 ms', async () => {
    const images = await Promise.all(Array.from({ length: 20 }, (_, i) => shareImageOf(stones[i]!)));
    const { p95, slowest } = await healthzDuring(server.url, async () => {
      await Promise.all(
        [0, 1, 2, 3].map(async (client) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: freshAddress() });
          await inParallel(images.slice(client * 5, client * 5 + 5), 2, async (image) => {
            const res = await get(agent, server.url, image);
            expect(res.status).toBe(200);
            expect(res.type).toBe('image/png');
          });
          agent.destroy();
        }),
      );
    });
    console.log(`/healthz while four clients drew 20 share images: 95th percentile ${p95.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`);
    expect(p95).toBeLessThan(100);
    expect(slowest).toBeLessThan(1000);
  }, 60_000);

  it('limits drawing per client address (429 with Retry-After), and keeps what it drew across a restart', async () => {
    const from = freshAddress();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: from });
    const images = await Promise.all(Array.from({ length: 70 }, (_, i) => shareImageOf(stones[20 + i]!)));
    const statuses: number[] = [];
    for (const image of images) {
      const res = await get(agent, server.url, image);
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const drawn = statuses.filter((s) => s === 200).length;
    expect(drawn).toBe(60);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));
    agent.destroy();
    // Drawn images are kept on disk: after a restart the same address, still over its allowance, gets them.
    await server.restart();
    const again = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: from });
    for (const image of images.slice(0, 60)) expect((await get(again, server.url, image)).status, image).toBe(200);
    expect((await get(again, server.url, images[65]!)).status).toBe(429);
    again.destroy();
  }, 120_000);
});

describe('connections', () => {
  /** The default cap of connections per client address (src/server/transport/settings.ts). */
  const CAP = 256;
  it('refuses slow sockets from one address beyond the cap, and keeps serving others', async () => {
    const from = freshAddress();
    const port = Number(new URL(server.url).port);
    const sockets: net.Socket[] = [];
    let closedByServer = 0;
    const opened: Promise<void>[] = [];
    for (let i = 0; i < 3000; i++) {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
      sockets.push(socket);
      opened.push(
        new Promise((resolve) => {
          socket.on('connect', () => {
            // A slow client: the request line and one header, then nothing.
            socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
            resolve();
          });
          socket.on('error', () => resolve());
        }),
      );
      socket.on('close', () => closedByServer++);
      if (i % 200 === 199) await Promise.all(opened.slice(-200));
    }
    await Promise.all(opened);
    const deadline = Date.now() + 10_000;
    while (closedByServer < 3000 - CAP && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const healthz = await rawRequest(server.url, 'GET', '/healthz', { from: freshAddress() });
    console.log(`3,000 slow sockets from one address: ${closedByServer} refused`);
    for (const s of sockets) s.destroy();
    expect(healthz.status).toBe(200);
    expect(closedByServer).toBeGreaterThanOrEqual(3000 - CAP);
  }, 60_000);

  it('closes a connection whose headers do not arrive within the headers time-out', async () => {
    const port = Number(new URL(server.url).port);
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: freshAddress() });
    const began = Date.now();
    const said = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    expect(said).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - began).toBeLessThan(25_000);
  }, 40_000);
});
