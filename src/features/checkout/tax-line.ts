/**
 * The tax line shoppers read, the same in the cart, its popup, checkout and the order:
 * "Tax: Calculated at checkout" before an address is known; "Sales tax $532.98" when it is added to
 * the prices; "incl. VAT $1,001.36" (under the total) when the prices include it; nothing where none applies.
 */
export interface TaxFields {
  tax_total: number | null;
  formated_tax_total: string | null;
  tax_label: string | null;
  tax_included: boolean;
}

export function taxLine(t: TaxFields): { label: string; value: string; included: boolean } | null {
  if (t.tax_total === null) return { label: 'Tax', value: 'Calculated at checkout', included: false };
  if (t.tax_total <= 0) return null;
  if (t.tax_included) return { label: `incl. ${t.tax_label ?? 'tax'}`, value: t.formated_tax_total ?? '', included: true };
  return { label: t.tax_label ?? 'Tax', value: t.formated_tax_total ?? '', included: false };
}
