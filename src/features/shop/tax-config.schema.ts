/**
 * shop.json's `tax` block: who sells (printed on invoices) and the tax rules by destination.
 * Checked at build with the rest of the configuration: a rate from 0 to 1, a country code that exists,
 * no two rules for the same destination. A destination without a rule pays no tax.
 */
import { z } from 'zod';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** A two-letter ISO 3166-1 code that names a country (Intl answers the code itself for one it does not know). */
export const isKnownCountry = (code: string) => /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== code;

export const taxRuleSchema = z.strictObject({
  country: z.string().refine(isKnownCountry, 'must be a known two-letter country code such as US or GB'),
  /** The state or province code as the address form has it (NY, CA); none: the whole country. */
  region: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be a state or province code such as NY')
    .optional(),
  /** Postcode prefixes this rule is for (a more precise rule than the region's). */
  postcodes: z.array(z.string().trim().min(1).max(10)).min(1).optional(),
  rate: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1'),
  /** What shoppers see: "Sales tax", "VAT". */
  name: z.string().trim().min(1).max(40),
  shipping_taxed: z.boolean().default(false),
  /** Overrides the block's prices_include_tax for this destination (VAT countries). */
  prices_include_tax: z.boolean().optional(),
});

export const taxConfigSchema = z
  .strictObject({
    /** The seller on invoices and credit notes. */
    seller: z.strictObject({
      name: z.string().trim().min(1).max(120),
      address: z.array(z.string().trim().min(1).max(120)).min(1).max(6),
      tax_id: z.string().trim().min(1).max(60),
    }),
    /** Whether shown prices include the tax (false for a US shop); a rule may say otherwise for its destination. */
    prices_include_tax: z.boolean().default(false),
    rules: z.array(taxRuleSchema),
  })
  .superRefine((tax, ctx) => {
    const seen = new Map<string, number>();
    tax.rules.forEach((rule, i) => {
      const prefixes = rule.postcodes
        ? [...rule.postcodes]
            .map((p) => p.toUpperCase())
            .sort()
            .join(',')
        : '*';
      const key = `${rule.country}|${rule.region ?? '*'}|${prefixes}`;
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i],
          message: `the same destination as rules[${first}] (${rule.country}${rule.region ? `-${rule.region}` : ''})`,
        });
      else seen.set(key, i);
    });
  });

export type TaxConfig = z.output<typeof taxConfigSchema>;
export type TaxRule = z.output<typeof taxRuleSchema>;
