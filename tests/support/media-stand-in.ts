/**
 * A supplier's image and video host, on this machine: answers /stones/{name}.png with a photograph-like
 * picture of a diamond (the shop's drawing, lit on a dark studio backdrop, rendered to PNG), {name}.mp4
 * with the start of an MP4 file, /slow/… after `slowMs`, and anything else 404. Counts every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Resvg } from '@resvg/resvg-js';
import { diamondSvg } from '~/server/images/diamond-svg.ts';
import type { Shape } from '~/features/diamonds/grades.ts';

export interface MediaStandIn {
  url: string;
  hits: string[];
  photo(shape?: Shape): Buffer;
  close(): Promise<void>;
}

const photos = new Map<string, Buffer>();

/** A square PNG "photograph" of a stone of this shape: the drawing, large, on a dark gradient with a soft light. */
export function studioPhoto(shape: Shape = 'oval'): Buffer {
  let png = photos.get(shape);
  if (png) return png;
  const drawing = diamondSvg(shape).replace(/^<\?xml[^>]*>/, '');
  const inner = Buffer.from(drawing).toString('base64');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs><radialGradient id="bg" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#f7f7f5"/><stop offset="0.55" stop-color="#d9dadc"/><stop offset="1" stop-color="#8e9196"/></radialGradient>
    <radialGradient id="shadow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="640" rx="220" ry="34" fill="url(#shadow)"/>
    <image href="data:image/svg+xml;base64,${inner}" x="150" y="120" width="500" height="500"/>
  </svg>`;
  png = Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: 800 } }).render().asPng());
  photos.set(shape, png);
  return png;
}

/** The first bytes of an MP4 file (an `ftyp` box), enough for the shop to know it for a video. */
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64)]);

export async function startMediaStandIn(options: { slowMs?: number } = {}): Promise<MediaStandIn> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const send = () => {
      const m = /^\/(?:slow\/)?stones\/[\w-]+?(?:-(\w+))?\.(png|mp4|html)$/.exec(path);
      if (!m) return res.writeHead(404).end('not found');
      if (m[2] === 'png') return res.writeHead(200, { 'content-type': 'image/png' }).end(studioPhoto((m[1] as Shape) ?? 'oval'));
      if (m[2] === 'mp4') return res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4);
      // A 360° viewer page, as many suppliers link their "video": not a video, never cached.
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>viewer</title><script>alert(1)</script>');
    };
    if (path.startsWith('/slow/')) setTimeout(send, options.slowMs ?? 5000);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    photo: studioPhoto,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
