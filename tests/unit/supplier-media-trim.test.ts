/** The supplier media cache stays within its size: the least recently served files go first, and dead fetches' pieces after an hour. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trimMediaCache } from '~/server/diamonds/supplier-media.ts';

describe('supplier media cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-media-trim-'));
  const saved = process.env.SUPPLIER_MEDIA_DIR;
  const now = Date.parse('2026-11-26T12:00:00Z');
  const at = (file: string, ms: number) => fs.utimesSync(file, new Date(ms), new Date(ms));
  beforeAll(() => {
    process.env.SUPPLIER_MEDIA_DIR = dir;
    // Five cached copies of 1,000 bytes, last served 5, 4, 3, 2 and 1 hours ago.
    for (let i = 1; i <= 5; i++) {
      const base = path.join(dir, `copy-${i}`);
      fs.writeFileSync(`${base}.bin`, Buffer.alloc(1000));
      fs.writeFileSync(`${base}.json`, JSON.stringify({ type: 'image/png', size: 1000 }));
      at(`${base}.bin`, now - 6 * 3_600_000); // fetched long ago: the metadata's time says when it was last served
      at(`${base}.json`, now - (6 - i) * 3_600_000);
    }
    fs.writeFileSync(path.join(dir, 'dead.bin.1.x.part'), 'x');
    at(path.join(dir, 'dead.bin.1.x.part'), now - 2 * 3_600_000);
    fs.writeFileSync(path.join(dir, 'live.bin.2.y.part'), 'y');
    at(path.join(dir, 'live.bin.2.y.part'), now - 60_000);
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.SUPPLIER_MEDIA_DIR;
    else process.env.SUPPLIER_MEDIA_DIR = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps everything within its size, then removes the least recently served down to 90%', async () => {
    expect(await trimMediaCache(5000, now)).toEqual({ removed: 0, bytes: 0 });
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.bin'))).toHaveLength(5);
    // Above 3,000 bytes: down to 2,700 at most, so the three served longest ago go, body and metadata.
    expect(await trimMediaCache(3000, now)).toEqual({ removed: 3, bytes: 3000 });
    expect(fs.readdirSync(dir).sort()).toEqual(['copy-4.bin', 'copy-4.json', 'copy-5.bin', 'copy-5.json', 'live.bin.2.y.part']);
  });
});
