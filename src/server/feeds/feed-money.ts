/**
 * Feed prices in exact decimal arithmetic: a price per carat times the carat times the markup is
 * computed on integers and rounded to a cent once, at the end (half away from zero).
 */
import type { Markup } from '~/features/diamonds/markup.schema.ts';

/** A decimal as digits and a scale: 12.345 → { units: 12345n, scale: 3 }. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const PLAIN = /^(\d+)(?:\.(\d{1,12}))?$/;

/** "4,250.50", "$4250.5", "1,01" (decimal comma), "1.01" → a Decimal; undefined when it is not a number. */
export function parseDecimal(text: string): Decimal | undefined {
  // Most feed numbers are plain ("4250.50", "1.01"): read without the rewriting below.
  const plain = PLAIN.exec(text);
  if (plain) return { units: BigInt(plain[1]! + (plain[2] ?? '')), scale: plain[2]?.length ?? 0 };
  let t = text.replace(/[\s$€£]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t))
    t = t.replace(/,/g, ''); // thousands separators
  else if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.'); // a decimal comma
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (!m[2] && !m[3])) return undefined;
  const fraction = m[3] ?? '';
  if (fraction.length > 12) return undefined;
  const units = BigInt((m[2] || '0') + fraction) * (m[1] ? -1n : 1n);
  return { units, scale: fraction.length };
}

export const toNumber = (d: Decimal) => Number(d.units) / 10 ** d.scale;

const multiply = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** Rounds a decimal amount of dollars to whole cents, half away from zero. */
function toCents(d: Decimal): number {
  const shift = d.scale - 2;
  if (shift <= 0) return Number(d.units * 10n ** BigInt(-shift));
  const div = 10n ** BigInt(shift);
  const sign = d.units < 0n ? -1n : 1n;
  const abs = d.units * sign;
  const q = abs / div;
  const r = abs % div;
  return Number(sign * (r * 2n >= div ? q + 1n : q));
}

const MULTIPLIERS = new Map<number, Decimal>();

/** The multiplier of the band that holds `carat`; ×1 when none does. */
export function markupFor(markup: Markup, carat: number): Decimal {
  const multiplier = markup.find((b) => carat >= b.from && (b.to === undefined || carat < b.to))?.multiplier ?? 1;
  let d = MULTIPLIERS.get(multiplier);
  if (!d) MULTIPLIERS.set(multiplier, (d = parseDecimal(String(multiplier))!));
  return d;
}

/** The retail price in cents: (total, or per carat × carat) × markup, rounded once. */
export function retailCents(price: { total?: Decimal; perCarat?: Decimal }, carat: Decimal, markup: Decimal): number {
  const feed = price.total ?? multiply(price.perCarat!, carat);
  return toCents(multiply(feed, markup));
}
