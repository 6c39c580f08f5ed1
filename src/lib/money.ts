/** Money is integer cents everywhere; this is the one place it becomes text (USD, en-US). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Cents as the number of dollars the API answers with (e.g. 123456 → 1234.56). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** `{ name: dollars, formated_name: "$1,234.56" }`, typed by name: how the API answers an amount. */
export function money<K extends string>(name: K, cents: number) {
  return { [name]: centsToDollars(cents), [`formated_${name}`]: formatCents(cents) } as Record<K, number> & Record<`formated_${K}`, string>;
}
