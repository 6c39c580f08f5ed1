/**
 * Drawn share images, kept by digest (the digest names everything the card shows, so an image never goes
 * stale): the most recent 256 in memory, and every one on disk under `$VAR_DIR/share-images/` (one PNG
 * per digest, written whole then renamed into place, so that workers and restarts share them). The disk
 * keeps at most SHARE_IMAGE_FILES files (default 5,000: about 0.9 GB at ~185 KB a card); beyond, the least recently
 * written tenth is removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { config } from '~/server/config/config.ts';
import { env } from '~/server/config/env.ts';

const KEEP_IN_MEMORY = 256;
const memory = new Map<string, Buffer>();

const maxFiles = env('SHARE_IMAGE_FILES');

const dir = () => path.join(config.varDir, 'share-images');
const fileOf = (digest: string) => path.join(dir(), `${digest}.png`);

function remember(digest: string, png: Buffer) {
  memory.delete(digest);
  memory.set(digest, png);
  if (memory.size > KEEP_IN_MEMORY) memory.delete(memory.keys().next().value!);
}

/** The image of `digest` if it was drawn before (by any worker, before any restart). */
export async function storedShareImage(digest: string): Promise<Buffer | undefined> {
  const held = memory.get(digest);
  if (held) {
    remember(digest, held);
    return held;
  }
  try {
    const png = await fs.promises.readFile(fileOf(digest));
    remember(digest, png);
    return png;
  } catch {
    return undefined;
  }
}

let files: number | undefined;
let pruning = false;

/** Removes the oldest tenth of the files once there are more than maxFiles. */
async function pruneIfFull() {
  files ??= (await fs.promises.readdir(dir())).length;
  if (files <= maxFiles || pruning) return;
  pruning = true;
  try {
    const names = (await fs.promises.readdir(dir())).filter((n) => n.endsWith('.png'));
    const dated = await Promise.all(
      names.map(async (name) => ({ name, at: (await fs.promises.stat(path.join(dir(), name)).catch(() => undefined))?.mtimeMs ?? 0 })),
    );
    dated.sort((a, b) => a.at - b.at);
    const drop = dated.slice(0, Math.max(1, names.length - Math.floor(maxFiles * 0.9)));
    await Promise.all(drop.map((f) => fs.promises.rm(path.join(dir(), f.name), { force: true })));
    files = names.length - drop.length;
  } finally {
    pruning = false;
  }
}

/** Keeps a drawn image in memory and on disk. A failure to write is logged, never the shopper's problem. */
export async function storeShareImage(digest: string, png: Buffer): Promise<void> {
  remember(digest, png);
  try {
    await fs.promises.mkdir(dir(), { recursive: true });
    const partial = `${fileOf(digest)}.${process.pid}.partial`;
    await fs.promises.writeFile(partial, png);
    await fs.promises.rename(partial, fileOf(digest));
    if (files !== undefined) files++;
    await pruneIfFull();
  } catch (error) {
    console.error('share image not kept on disk:', error);
  }
}
