/**
 * The tax provider interface. Checkout asks ONE provider for the tax of a cart or an order:
 * its taxable lines (after discounts, before store credit), its shipping, and the address it goes to.
 * The built-in provider is shop.json's rule table (rule-table-provider.ts); a service (Stripe Tax,
 * TaxJar, Avalara) is one more module implementing `TaxProvider`, registered in tax.service.ts.
 * Every amount is integer cents; a provider answers the tax of each line and of shipping, and the
 * total is their sum, so what a line carries on the order adds up to the order's tax.
 */
import type { CheckoutAddress } from '~/features/checkout/checkout.schema.ts';

export interface TaxableLine {
  /** The caller's name for the line (a cart line's id); answered back with its tax. */
  key: string;
  /** What the shopper pays for the line after its share of the discount, in cents. */
  amountCents: number;
}

export interface TaxQuestion {
  /** Where the goods go (the billing address when nothing ships); null: not known yet. */
  address: Pick<CheckoutAddress, 'country' | 'state' | 'postcode'> | null;
  lines: TaxableLine[];
  shippingCents: number;
}

export interface TaxAnswer {
  /** What shoppers see ("Sales tax", "VAT"); null when no tax applies to this destination. */
  label: string | null;
  /** The rate as a fraction (0.08875); 0 when none applies. */
  rate: number;
  /** The tax is part of the prices (VAT included): the total does not grow by it. */
  included: boolean;
  lines: { key: string; taxCents: number }[];
  shippingTaxCents: number;
  totalCents: number;
}

export interface TaxProvider {
  code: string;
  calculate(question: TaxQuestion): Promise<TaxAnswer>;
}

export const NO_TAX = (question: TaxQuestion): TaxAnswer => ({
  label: null,
  rate: 0,
  included: false,
  lines: question.lines.map((l) => ({ key: l.key, taxCents: 0 })),
  shippingTaxCents: 0,
  totalCents: 0,
});
