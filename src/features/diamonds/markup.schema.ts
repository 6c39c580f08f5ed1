/**
 * The retail markup on feed prices, by carat band: `[{ "from": 0, "to": 1, "multiplier": 1.35 }, …]`.
 * A band holds carats from `from` (inclusive) up to `to` (exclusive; no `to`: no upper end). Bands may
 * not overlap; a carat no band holds is sold at the feed price (×1). Kept in src/content/shop.json
 * (`diamond_markup`) or in a file given to `npm run import:diamonds -- --markup FILE`.
 */
import { z } from 'zod';

export const markupBandSchema = z.strictObject({
  from: z.number().min(0),
  to: z.number().positive().optional(),
  multiplier: z.number().min(0.01).max(100),
});

export const markupSchema = z.array(markupBandSchema).superRefine((bands, ctx) => {
  bands.forEach((band, i) => {
    if (band.to !== undefined && band.to <= band.from) ctx.addIssue({ code: 'custom', path: [i, 'to'], message: 'must be more than from' });
    bands.forEach((other, j) => {
      if (j <= i) return;
      const overlaps = band.from < (other.to ?? Infinity) && other.from < (band.to ?? Infinity);
      if (overlaps) ctx.addIssue({ code: 'custom', path: [j], message: `overlaps band ${i}` });
    });
  });
});

export type Markup = z.infer<typeof markupSchema>;
