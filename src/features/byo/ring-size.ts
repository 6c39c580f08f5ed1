/**
 * Ring sizes (US), shared by the summary form and the server's rules. Standard sizes are the half sizes
 * 3 to 13 that the atelier sizes every setting to; anything else from 1 to 16 in quarter sizes can be
 * ordered as a custom size ("7.25", "7 1/4" or "7¼" all read as 7.25).
 */
import { RING_SIZES } from '~/features/products/ring-sizes.ts';

export const STANDARD_SIZES: readonly string[] = RING_SIZES;
export const CUSTOM_SIZE_MIN = 1;
export const CUSTOM_SIZE_MAX = 16;
export const CUSTOM_SIZE_HINT = `a US size from ${CUSTOM_SIZE_MIN} to ${CUSTOM_SIZE_MAX} in quarter sizes, such as 7.25`;

const FRACTIONS: Record<string, number> = { '1/4': 0.25, '1/2': 0.5, '3/4': 0.75, '¼': 0.25, '½': 0.5, '¾': 0.75 };

/** A standard size as we write it ("7.5"), or undefined when it is not one. */
export function normaliseSize(raw: string): string | undefined {
  const n = Number(raw.trim());
  if (!raw.trim() || !Number.isFinite(n)) return undefined;
  return STANDARD_SIZES.find((s) => Number(s) === n);
}

/** A custom size as a decimal string ("7.25"), or undefined when it is not a size we can make. */
export function normaliseCustomSize(raw: string): string | undefined {
  const text = raw.trim().replace(/^(us|size)\s*/i, '');
  const m = /^(\d{1,2})(?:(\.\d{1,2})|\s*(1\/4|1\/2|3\/4|¼|½|¾))?$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]) + (m[2] ? Number(m[2]) : m[3] ? FRACTIONS[m[3]]! : 0);
  if (n < CUSTOM_SIZE_MIN || n > CUSTOM_SIZE_MAX || Math.round(n * 4) !== n * 4) return undefined;
  return String(n);
}
