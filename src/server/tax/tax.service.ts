/**
 * The one place the shop computes tax: the cart, every checkout step, the order, its
 * e-mails and invoices all take their figures from `taxForCart`, through the configured provider.
 * Adding a tax service: implement TaxProvider (tax-provider.ts) in a module of its own and return it
 * from `taxProvider()` (for example when TAX_PROVIDER=stripe); nothing else changes.
 */
import type { CheckoutAddress } from '~/features/checkout/checkout.schema.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';
import type { TaxAnswer, TaxProvider } from './tax-provider.ts';
import { ruleTableProvider } from './rule-table-provider.ts';
import { shareOut } from './tax-rounding.ts';

export type { TaxAnswer } from './tax-provider.ts';

const builtIn = ruleTableProvider(() => shopConfig.tax);
let override: TaxProvider | undefined;

export function taxProvider(): TaxProvider {
  return override ?? builtIn;
}

/**
 * Installs another provider (a tax service's module); undefined restores the rule table. The extension point
 * of docs/architecture.md's tax-provider recipe: no module of the shop calls it until a service is added.
 * @public
 */
export function useTaxProvider(provider: TaxProvider | undefined): void {
  override = provider;
}

export interface CartTaxInput {
  /** The address the goods ship to, else the billing address; null before any is known. */
  address: CheckoutAddress | null;
  /** Each line's price × quantity, in cents, keyed by the caller's line id. */
  lines: { key: string; cents: number }[];
  discountCents: number;
  shippingCents: number;
}

/** The tax of a cart or order: the discount shared over the lines in proportion, store credit not subtracted. */
export async function taxForCart(input: CartTaxInput): Promise<TaxAnswer & { known: boolean }> {
  const shares = shareOut(
    Math.min(
      input.discountCents,
      input.lines.reduce((s, l) => s + l.cents, 0),
    ),
    input.lines.map((l) => l.cents),
  );
  const lines = input.lines.map((l, i) => ({ key: l.key, amountCents: l.cents - shares[i]! }));
  const answer = await taxProvider().calculate({ address: input.address, lines, shippingCents: input.shippingCents });
  return { ...answer, known: input.address !== null };
}
