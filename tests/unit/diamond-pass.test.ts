/**
 * The search pass's WebAssembly kernels: the committed bytes are the .wat's (compiled again here), and
 * each kernel against a plain loop over the same bits and columns. The narrow columns' codes and bounds
 * are exact for every double: a stone is in range by its code exactly when its value is.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Arena, EXCEPTION, narrowBounds, narrowCode, NarrowColumn, OUT_COUNTS, OUT_F64 } from '~/server/diamonds/diamond-arena.ts';
import { wordsFor } from '~/server/diamonds/diamond-scan.ts';
import { compilePass, moduleText } from '../../scripts/build-pass-wasm.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the pass kernels', () => {
  it('are built from the .wat as committed (node scripts/build-pass-wasm.mjs)', async () => {
    const committed = fs.readFileSync(path.join(root, 'src/server/diamonds/pass/diamond-pass.wasm.ts'), 'utf8');
    expect(committed).toBe(moduleText(await compilePass()));
  });

  it('combine, count and compare as plain loops do', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 700 }), fc.integer({ min: 1, max: 1e6 }), (size, seed) => {
        let x = seed;
        const r = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
        const arena = new Arena(size);
        const words = wordsFor(size);
        const [a, b, c] = [arena.scratch(0), arena.scratch(1), arena.scratch(2)];
        const bitsA = Array.from({ length: size }, () => r() < 0.5);
        const bitsB = Array.from({ length: size }, () => r() < 0.3);
        bitsA.forEach((on, s) => arena.setBit(a, s, on));
        bitsB.forEach((on, s) => arena.setBit(b, s, on));
        const read = (bitmap: number) => Array.from({ length: size }, (_, s) => arena.bit(bitmap, s));
        arena.k.and_to(c, a, b, words);
        expect(read(c)).toEqual(bitsA.map((v, s) => v && bitsB[s]));
        expect(arena.k.popcnt_and(a, b, words)).toBe(bitsA.filter((v, s) => v && bitsB[s]).length);
        arena.copy(c, a, words);
        arena.k.or_into(c, b, words);
        expect(read(c)).toEqual(bitsA.map((v, s) => v || bitsB[s]));
        arena.copy(c, a, words);
        arena.k.andnot_into(c, b, words);
        expect(read(c)).toEqual(bitsA.map((v, s) => v && !bitsB[s]));
        arena.copy(c, a, words);
        arena.k.and_into(c, b, words);
        expect(read(c)).toEqual(bitsA.map((v, s) => v && bitsB[s]));
        arena.k.andnot_to(c, a, b, words);
        expect(read(c)).toEqual(bitsA.map((v, s) => v && !bitsB[s]));
        // Grade bitmaps: each stone has one of 7 grades of the shape filter; counted within a.
        const grades = Array.from({ length: size }, () => Math.floor(r() * 7));
        grades.forEach((g, s) => arena.setBit(arena.grade('shape', g), s, true));
        arena.k.popcnt_group(a, arena.grade('shape', 0), arena.capacity / 8, 7, words, OUT_COUNTS);
        expect(Array.from(arena.u32.subarray(OUT_COUNTS >> 2, (OUT_COUNTS >> 2) + 7))).toEqual(
          Array.from({ length: 7 }, (_, g) => grades.filter((x, s) => x === g && bitsA[s]).length),
        );

        const values = Array.from({ length: size }, () => Math.round(r() * 500) / 100);
        values.forEach((v, s) => (arena.carat[s] = v));
        const [lo, hi] = [Math.round(r() * 300) / 100, Math.round(r() * 500) / 100];
        values.forEach((v, s) => arena.narrow.depth.set(s, s % 7 === 3 ? v + 1e-7 : v));
        const coded = values.filter((_, s) => bitsA[s] && s % 7 !== 3).map((v) => Math.round(v * 100));
        arena.k.minmax_u16(a, arena.narrow.depth.codes.byteOffset, words, OUT_F64);
        expect([arena.u32[OUT_F64 >> 2], arena.u32[(OUT_F64 >> 2) + 1]! | 0]).toEqual(coded.length ? [Math.min(...coded), Math.max(...coded)] : [0xffff, -1]);
        const inA2 = values.filter((_, s) => bitsA[s]);
        const all = values.map((v, s) => (s % 7 === 3 ? v + 1e-7 : v)).filter((_, s) => bitsA[s]);
        expect(arena.extent('depth', a, words)).toEqual(inA2.length ? [Math.min(...all), Math.max(...all)] : [Infinity, -Infinity]);
        values.forEach((v, s) => arena.narrow.depth.set(s, v));
        const [ka, kb] = narrowBounds(lo, hi);
        arena.k.range_u16(c, arena.narrow.depth.codes.byteOffset, words, ka, kb);
        expect(read(c)).toEqual(values.map((v) => !(v < lo || v > hi)));
        // Prices in cents, up to the top of the u32 codes.
        const cents = values.map((v) => (v > 4.9 ? 0xfffffffe : Math.round(v * 1e6)));
        cents.forEach((v, s) => arena.narrow.price.set(s, v));
        const [pa, pb] = [lo * 1e6 + 0.5, hi > 4.5 ? Infinity : hi * 1e6];
        const [ca, cb] = arena.narrow.price.bounds(pa, pb);
        arena.k.range_u32(c, arena.narrow.price.codes.byteOffset, words, ca, cb);
        expect(read(c)).toEqual(cents.map((v) => !(v < pa || v > pb)));

        values.forEach((v, s) => (arena.caratBucket[s] = Math.floor(v * 8)));
        arena.u32.fill(0, OUT_COUNTS >> 2, (OUT_COUNTS >> 2) + 256);
        arena.k.count_u8(a, arena.caratBucket.byteOffset, words, OUT_COUNTS);
        const counts = new Array(41).fill(0);
        values.forEach((v, s) => bitsA[s] && counts[Math.floor(v * 8)]++);
        expect(Array.from(arena.u32.subarray(OUT_COUNTS >> 2, (OUT_COUNTS >> 2) + 41))).toEqual(counts);
        arena.k.minmax_f64(a, arena.column('carat'), words, OUT_F64);
        const inA = values.filter((_, s) => bitsA[s]);
        expect([arena.f64[OUT_F64 / 8], arena.f64[OUT_F64 / 8 + 1]]).toEqual(inA.length ? [Math.min(...inA), Math.max(...inA)] : [Infinity, -Infinity]);
      }),
      { numRuns: 60, seed: 20261126 },
    );
  });
});

describe('the narrow columns', () => {
  it('code two decimals exactly and keep any other value on the side', () => {
    expect(narrowCode(61.5)).toBe(6150);
    expect(narrowCode(1.01)).toBe(101);
    expect(narrowCode(0)).toBe(0);
    expect(narrowCode(61.234)).toBe(EXCEPTION);
    expect(narrowCode(-1)).toBe(EXCEPTION);
    expect(narrowCode(655.35)).toBe(EXCEPTION);
    expect(narrowCode(655.34)).toBe(65534);
    const column = new NarrowColumn(new Uint16Array(4), 100);
    column.set(0, 61.234);
    column.set(1, 57);
    expect([column.get(0), column.get(1)]).toEqual([61.234, 57]);
    column.set(0, 60);
    expect(column.exceptions.size).toBe(0);
    expect(column.get(0)).toBe(60);
  });

  it('turn any bounds into codes that keep exactly the coded values within them', () => {
    const value = fc.oneof(
      fc.integer({ min: 0, max: 70_000 }).map((k) => k / 100),
      fc.double({ min: -10, max: 700, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 50 }), value, value, fc.boolean(), fc.boolean(), (values, a, b, open0, open1) => {
        const [min, max] = [open0 ? -Infinity : Math.min(a, b), open1 ? Infinity : Math.max(a, b)];
        const [lo, hi] = narrowBounds(min, max);
        for (const v of values) {
          const k = narrowCode(v);
          if (k === EXCEPTION) continue;
          expect(k >= lo && k <= hi, `${v} in [${min}, ${max}] → [${lo}, ${hi}]`).toBe(v >= min && v <= max);
        }
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThan(EXCEPTION);
      }),
      { numRuns: 500, seed: 20261127 },
    );
    // Whole cents in u32 codes: the same for scale 1.
    const cents = fc.oneof(fc.integer({ min: 0, max: 2 ** 32 + 5 }), fc.double({ min: -10, max: 2 ** 32 + 5, noNaN: true }));
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 50 }), cents, cents, (values, a, b) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b)];
        const [lo, hi] = narrowBounds(min, max, 1, 0xffffffff);
        for (const v of values) {
          const k = narrowCode(v, 1, 0xffffffff);
          if (k === 0xffffffff) continue;
          expect(k >= lo && k <= hi, `${v} in [${min}, ${max}] → [${lo}, ${hi}]`).toBe(v >= min && v <= max);
        }
      }),
      { numRuns: 500, seed: 20261128 },
    );
  });
});
