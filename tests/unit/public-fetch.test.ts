/** Fetches from outside reach only the public internet: loopback, private, link-local and reserved addresses are refused, by name too. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, fetchPublic, isPrivateAddress } from '~/server/transport/public-fetch.ts';

describe('public fetch', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/hop') res.writeHead(302, { location: '/end' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('knows the addresses it never fetches from', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(inside), inside).toBe(true);
    for (const outside of ['8.8.8.8', '1.1.1.1', '151.101.1.69', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(outside), outside).toBe(false);
  });

  it('refuses a private address, by number or by name, before connecting; FETCH_PRIVATE_NETWORKS=1 allows it and follows redirects', async () => {
    const saved = process.env.FETCH_PRIVATE_NETWORKS;
    delete process.env.FETCH_PRIVATE_NETWORKS;
    try {
      for (const address of [`http://127.0.0.1:${port}/x`, `http://localhost:${port}/x`, `http://[::1]:${port}/x`, `http://0x7f000001:${port}/x`])
        await expect(fetchPublic(address), address).rejects.toBeInstanceOf(BlockedAddressError);
      await expect(fetchPublic(`file:///etc/passwd`)).rejects.toThrow(/file: addresses are not fetched/);
      expect(hits).toEqual([]);
      process.env.FETCH_PRIVATE_NETWORKS = '1';
      const res = await fetchPublic(`http://127.0.0.1:${port}/hop`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('inside');
      expect(hits).toEqual(['/hop', '/end']);
    } finally {
      if (saved === undefined) delete process.env.FETCH_PRIVATE_NETWORKS;
      else process.env.FETCH_PRIVATE_NETWORKS = saved;
    }
  });
});
