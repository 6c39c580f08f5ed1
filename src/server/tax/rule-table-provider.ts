/**
 * The built-in tax provider: shop.json's `tax.rules`. The most precise rule for the address wins
 * (postcode prefix, then region, then the whole country); an address no rule names pays no tax.
 */
import type { TaxConfig, TaxRule } from '~/features/shop/tax-config.schema.ts';
import { NO_TAX, type TaxAnswer, type TaxProvider, type TaxQuestion } from './tax-provider.ts';
import { taxOn } from './tax-rounding.ts';

const norm = (s: string | null | undefined) => (s ?? '').trim().toUpperCase().replace(/\s+/g, '');

/** The region as the address form has it: "NY", or "US-NY" as some datasets write it. */
const regionOf = (country: string, state: string | null | undefined) => norm(state).replace(new RegExp(`^${country}-`), '');

export function findRule(config: TaxConfig | undefined, address: TaxQuestion['address']): TaxRule | undefined {
  if (!config || !address) return undefined;
  const country = norm(address.country);
  const region = regionOf(country, address.state);
  const postcode = norm(address.postcode);
  let best: { rule: TaxRule; score: number } | undefined;
  for (const rule of config.rules) {
    if (rule.country !== country) continue;
    if (rule.region && rule.region !== region) continue;
    if (rule.postcodes && !rule.postcodes.some((p) => postcode.startsWith(norm(p)))) continue;
    const score = (rule.postcodes ? 2 : 0) + (rule.region ? 1 : 0);
    if (!best || score > best.score) best = { rule, score };
  }
  return best?.rule;
}

export function ruleTableProvider(config: () => TaxConfig | undefined): TaxProvider {
  return {
    code: 'rules',
    async calculate(question: TaxQuestion): Promise<TaxAnswer> {
      const tax = config();
      const rule = findRule(tax, question.address);
      if (!rule) return NO_TAX(question);
      const included = rule.prices_include_tax ?? tax!.prices_include_tax;
      const lines = question.lines.map((l) => ({ key: l.key, taxCents: taxOn(l.amountCents, rule.rate, included) }));
      const shippingTaxCents = rule.shipping_taxed ? taxOn(question.shippingCents, rule.rate, included) : 0;
      return { label: rule.name, rate: rule.rate, included, lines, shippingTaxCents, totalCents: lines.reduce((s, l) => s + l.taxCents, 0) + shippingTaxCents };
    },
  };
}
