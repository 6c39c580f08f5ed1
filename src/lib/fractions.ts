/**
 * Carat weights as jewellers write them (docs/api.md): the decimal part becomes the nearest of
 * 1/20, 1/10, 1/6, 1/5, 1/4, 1/3, 2/5, 1/2, 2/3, 3/4, 4/5, 5/6 or a whole carat, so 0.33 reads "1/3",
 * 1.5 reads "1 1/2" and 0.97 reads "1". Weights are "total carat weight" marketing figures, rounded by
 * the trade the same way; the exact weight stays in the data.
 */
/** The fractions a decimal part may read as, between none (0) and a whole carat (1). */
const STEPS = ['1/20', '1/10', '1/6', '1/5', '1/4', '1/3', '2/5', '1/2', '2/3', '3/4', '4/5', '5/6'];

/** Each fraction with its value: "2/5" stands for 2 / 5. */
const FRACTIONS: [number, string][] = [
  [0, ''],
  ...STEPS.map((text): [number, string] => {
    const [numerator, denominator] = text.split('/').map(Number);
    return [numerator! / denominator!, text];
  }),
  [1, ''],
];

/** "1/2", "1", "1 1/2", "2"; zero, negative or non-finite weights read "0". */
export function caratFraction(weight: number): string {
  if (!Number.isFinite(weight) || weight <= 0) return '0';
  let whole = Math.floor(weight);
  const part = weight - whole;
  let best = FRACTIONS[0]!;
  for (const candidate of FRACTIONS) if (Math.abs(candidate[0] - part) < Math.abs(best[0] - part) - 1e-9) best = candidate;
  if (best[0] === 1) whole += 1;
  const text = best[1];
  // A positive weight never reads "0": the smallest fraction is the honest floor.
  if (whole === 0) return text || '1/20';
  return text ? `${whole} ${text}` : String(whole);
}

/** "1/2 ct. tw." — the label a total carat weight carries on a piece. */
export function caratLabel(weight: number): string {
  return `${caratFraction(weight)} ct. tw.`;
}
