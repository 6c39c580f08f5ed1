/**
 * The shop's fonts for server-side drawing (share images). @fontsource ships WOFF and WOFF2 only, and
 * resvg reads plain TrueType/OpenType, so the WOFF 1 files are unpacked into SFNT here (each table
 * inflated with zlib, the table directory rewritten) and written once to a temporary folder, since
 * resvg's Node binding takes font files by path: nothing is downloaded, nothing compiled.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** A WOFF 1 font as the SFNT (TTF/OTF) bytes it wraps. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag, checksum, data: compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw) });
  }
  tables.sort((a, b) => a.tag - b.tag);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const headerSize = 12 + numTables * 16;
  const size = headerSize + tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), 0);
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

const require = createRequire(import.meta.url);
const FILES = [
  '@fontsource/montserrat/files/montserrat-latin-400-normal.woff',
  '@fontsource/montserrat/files/montserrat-latin-600-normal.woff',
  '@fontsource/amiri/files/amiri-latin-400-normal.woff',
  '@fontsource/amiri/files/amiri-latin-700-normal.woff',
];

let fonts: string[] | undefined;
/** Montserrat (400, 600) and Amiri (400, 700), the faces the storefront's stylesheet loads, as TTF files. */
export function shopFontFiles(): string[] {
  if (fonts) return fonts;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurelle-fonts-'));
  fonts = FILES.map((file) => {
    const target = path.join(dir, path.basename(file).replace(/\.woff$/, '.ttf'));
    fs.writeFileSync(target, woffToSfnt(fs.readFileSync(require.resolve(file))));
    return target;
  });
  return fonts;
}
