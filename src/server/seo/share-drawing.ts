/**
 * Share cards are drawn (resvg: SVG to PNG, 20–60 ms of CPU each) on a worker thread of their own
 * (background-workers.ts), at a lower priority (nice 10), so that drawing never blocks the event loop that answers other requests.
 * One drawing at a time per process, at most 32 waiting (beyond: 503 with Retry-After).
 */
import { createRequire } from 'node:module';
import { BackgroundWorkers } from '~/server/runtime/background-workers.ts';
import { shopFontFiles } from './fonts.ts';
import { shareRenderOptions, shareCardSvg, type ShareCard } from './share-image.ts';
import type { ResvgRenderOptions } from '@resvg/resvg-js';

// Evaluated in the thread: resvg is loaded by its resolved path (the thread has no bundle).
const DRAW = `
const { Resvg } = require(workerData.resvg);
run = ({ svg, options }) => new Resvg(svg, options).render().asPng();
`;

let drawer: BackgroundWorkers<{ svg: string; options: ResvgRenderOptions }, Uint8Array> | undefined;

/** The card as PNG bytes, 1200×630, drawn off the event loop. */
export function drawShareCard(card: ShareCard): Promise<Buffer> {
  return drawPng(shareCardSvg(card), shareRenderOptions(shopFontFiles()));
}

/**
 * Any SVG as PNG bytes, on the same thread and queue (the drawings' PNG copies for e-mail use it too):
 * one drawing at a time, at most 32 waiting, beyond which it throws the 503 HttpError.
 */
export async function drawPng(svg: string, options: ResvgRenderOptions): Promise<Buffer> {
  drawer ??= new BackgroundWorkers('share card drawer', DRAW, 1, 32, 'Too many images are being drawn. Please try again in a moment.', {
    nice: 10,
    data: { resvg: createRequire(import.meta.url).resolve('@resvg/resvg-js') },
  });
  const png = await drawer.run({ svg, options });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}
