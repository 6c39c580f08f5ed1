/**
 * The rounding of tax, in integer arithmetic (no binary fractions): a rate is held in millionths, and
 * each line's tax is rounded to the cent, half up (docs/api.md "Tax").
 * - Tax on top of the price: amount × rate.
 * - Tax included in the price: the included part, amount × rate ÷ (1 + rate).
 */
const MILLION = 1_000_000n;

export const rateMillionths = (rate: number): bigint => BigInt(Math.round(rate * 1_000_000));

/** n ÷ d rounded half up, for n ≥ 0 and d > 0. */
const halfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

export function taxOn(amountCents: number, rate: number, included: boolean): number {
  if (amountCents <= 0 || rate <= 0) return 0;
  const amount = BigInt(Math.round(amountCents));
  const r = rateMillionths(rate);
  return Number(included ? halfUp(amount * r, MILLION + r) : halfUp(amount * r, MILLION));
}

/**
 * Shares `total` cents out over `weights` in proportion, each share a whole cent and the shares adding
 * up to `total` exactly (largest remainder; ties to the earlier line). Used for a discount over the lines.
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(Math.max(0, w)) * BigInt(total));
  const floors = exact.map((e) => e / BigInt(sum));
  let left = total - floors.reduce((s, f) => s + Number(f), 0);
  const order = exact.map((e, i) => ({ i, rem: e % BigInt(sum) })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  const shares = floors.map(Number);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left--;
  }
  return shares;
}
