/**
 * Fetching an address a file or a supplier named (a product photograph's Image Src, a stone's supplier
 * photograph or video): only on the public internet. A host that is, or resolves to, a loopback, private,
 * link-local (cloud metadata at 169.254.169.254), shared, multicast or reserved address is refused before
 * any connection, and so is every redirect to one (redirects are followed here, one hop at a time, at most
 * five). FETCH_PRIVATE_NETWORKS=1 lifts the rule, for a shop whose suppliers serve from its own network
 * (and for the tests' local stand-ins).
 *
 * Left open: a name that resolves to a public address when checked and to a private one when fetch looks
 * it up again a moment later (DNS rebinding) would still reach it.
 */
import dns from 'node:dns';
import net from 'node:net';
import { env } from '~/server/config/env.ts';

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

const MAX_REDIRECTS = 5;

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address is one the shop never fetches from (an IPv4-mapped IPv6 address as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (!family) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

async function assertPublic(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedAddressError(`${url.protocol} addresses are not fetched`);
  if (env('FETCH_PRIVATE_NETWORKS') === '1') return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const inside = addresses.find(isPrivateAddress);
  if (inside !== undefined) throw new BlockedAddressError(`${url.hostname} is on a private network (${inside}): only public addresses are fetched`);
}

/** `fetch` for an address from outside: refused (BlockedAddressError) when it or a redirect points inside. */
export async function fetchPublic(address: string, init: Omit<RequestInit, 'redirect'> = {}): Promise<Response> {
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    await assertPublic(url);
    const res = await fetch(url, { ...init, redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) return res;
    await res.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new BlockedAddressError(`${address} redirects more than ${MAX_REDIRECTS} times`);
    url = new URL(location, url);
  }
}
