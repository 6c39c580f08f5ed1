/** Tax rules (issue 30): shop.json's tax block checked like the rest, the rule lookup and the rounding. */
import { describe, expect, it } from 'vitest';
import raw from '~/content/shop.json';
import { parseShopConfig, ShopConfigError } from '~/server/shop/shop-config.parse.ts';
import { findRule, ruleTableProvider } from '~/server/tax/rule-table-provider.ts';
import { shareOut, taxOn } from '~/server/tax/tax-rounding.ts';
import { refundTaxCents } from '~/server/tax/refund-tax.ts';

const clone = () => structuredClone(raw) as any;
const messageOf = (config: unknown) => {
  try {
    parseShopConfig(config);
  } catch (error) {
    expect(error).toBeInstanceOf(ShopConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ShopConfigError');
};
const tax = parseShopConfig(raw).tax!;

describe('tax rules', () => {
  it('refuses a rate outside 0–1, an unknown country and a duplicate destination, naming the path', () => {
    const rate = clone();
    rate.tax.rules[0].rate = 8.875;
    expect(messageOf(rate)).toMatch(/tax\.rules\[0\]\.rate.*between 0 and 1/s);
    const country = clone();
    country.tax.rules[0].country = 'XX';
    expect(messageOf(country)).toMatch(/tax\.rules\[0\]\.country.*known two-letter country code/s);
    const twice = clone();
    twice.tax.rules.push({ country: 'US', region: 'NY', rate: 0.04, name: 'Sales tax' });
    expect(messageOf(twice)).toMatch(/the same destination as rules\[0\]/);
  });

  it('finds the most precise rule: postcode prefix, then region, then country; none elsewhere', () => {
    const config = { ...tax, rules: [...tax.rules, { country: 'US', region: 'NY', postcodes: ['101'], rate: 0.09, name: 'City tax', shipping_taxed: true }] };
    expect(findRule(config, { country: 'US', state: 'NY', postcode: '10118' })?.name).toBe('City tax');
    expect(findRule(config, { country: 'US', state: 'NY', postcode: '12207' })?.rate).toBe(0.08875);
    expect(findRule(config, { country: 'GB', state: null, postcode: 'SW1A 2AA' })?.name).toBe('VAT');
    expect(findRule(config, { country: 'US', state: 'TX', postcode: '73301' })).toBeUndefined();
    expect(findRule(config, null)).toBeUndefined();
  });

  it('rounds each line half up, on top of the price or included in it', async () => {
    expect(taxOn(600_814, 0.08875, false)).toBe(53_322); // 53,322.2425 cents
    expect(taxOn(200, 0.0725, false)).toBe(15); // 14.5 → 15
    expect(taxOn(120_000, 0.2, true)).toBe(20_000);
    expect(taxOn(100, 0.2, true)).toBe(17); // 16.67
    const answer = await ruleTableProvider(() => tax).calculate({
      address: { country: 'US', state: 'NY', postcode: '10118' },
      lines: [{ key: 'a', amountCents: 600_814 }],
      shippingCents: 3_500,
    });
    expect(answer).toMatchObject({ label: 'Sales tax', included: false, shippingTaxCents: 311, totalCents: 53_322 + 311 });
  });

  it('shares a discount over the lines in whole cents that add up', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1_000, [30_000, 10_000])).toEqual([750, 250]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
  });

  it('gives back tax in proportion, parts adding up to the whole', () => {
    const order = { tax_cents: 53_633, grand_total_cents: 658_247, store_credit_cents: 0 };
    expect(refundTaxCents(order, 658_247)).toBe(53_633);
    const first = refundTaxCents(order, 12_345);
    expect(first).toBe(Math.round((12_345 * 53_633) / 658_247));
    expect(first + (refundTaxCents(order, 658_247) - first)).toBe(53_633);
  });
});
