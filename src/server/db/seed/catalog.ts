/**
 * The demo brand's jewellery: categories, metals and about 95 products with their variants
 * (metal × total carat weight). Ring settings take a centre diamond (build-your-own).
 * The products are data, one a line, in catalog-products.json: the first pieces, then the fuller
 * catalogue of a real jeweller (more build-your-own settings and fine jewellery, each with what the
 * jeweller says of it), listed after the first pieces so their ids stay.
 */
import type { Shape } from '~/features/diamonds/grades.ts';
import { SHAPES } from '~/features/diamonds/grades.ts';
import rows from './catalog-products.json' with { type: 'json' };

export const METALS = [
  { code: '14k_white_gold', name: '14K White Gold', swatch_type: 'color', swatch_value: '#e4e4e1', position: 1, factor: 1 },
  { code: '14k_yellow_gold', name: '14K Yellow Gold', swatch_type: 'color', swatch_value: '{"from":"#f6e3a1","to":"#d4af37"}', position: 2, factor: 1 },
  { code: '18k_rose_gold', name: '18K Rose Gold', swatch_type: 'color', swatch_value: '{"from":"#f4c9b8","to":"#c98b73"}', position: 3, factor: 1.18 },
  { code: 'platinum', name: 'Platinum', swatch_type: 'color', swatch_value: '#d5d6d8', position: 4, factor: 1.4 },
] as const;

export const CATEGORIES = [
  { slug: 'engagement-rings', name: 'Engagement Rings', description: 'Ring settings crafted to hold the diamond you choose.' },
  { slug: 'wedding-bands', name: 'Wedding Bands', description: 'Bands for every hand, plain or set with diamonds.' },
  { slug: 'earrings', name: 'Earrings', description: 'Studs, hoops and drops in diamonds and gold.' },
  { slug: 'necklaces', name: 'Necklaces', description: 'Pendants and necklaces that catch the light.' },
  { slug: 'bracelets', name: 'Bracelets', description: 'Tennis bracelets, bangles and chains.' },
] as const;

export interface ProductSeed {
  name: string;
  category: (typeof CATEGORIES)[number]['slug'];
  style: string;
  /** The drawing's design code (src/server/images/jewellery/index.ts): which piece of its style this is. */
  design: string;
  /** Base price in USD of the 14K variant with the smallest carat weight. */
  base: number;
  /** Total carat weights offered (0 for a plain metal piece or a solitaire setting). */
  ctw: number[];
  /** USD added per carat of total weight. */
  perCarat?: number;
  accepts?: readonly Shape[];
  carat?: number[];
  ringSize?: boolean;
  /** Metals not shown on listing swatches. */
  hideInList?: string[];
  /** What the jeweller says of the piece, after its first sentence (the fuller demo catalogue). */
  story?: string;
}

/** A product as catalog-products.json writes it: `accepts: "all"` stands for every shape. */
type ProductRow = Omit<ProductSeed, 'category' | 'accepts'> & { category: string; accepts?: string | string[] };

const categorySlugs: ReadonlySet<string> = new Set(CATEGORIES.map((c) => c.slug));
const isShape = (s: string): s is Shape => (SHAPES as readonly string[]).includes(s);

/** One product of the data file, its category and shapes checked. */
function productSeed({ accepts, category, ...row }: ProductRow): ProductSeed {
  if (!categorySlugs.has(category)) throw new Error(`catalog-products.json: ${row.name} has the unknown category ${category}`);
  const shapes = accepts === 'all' ? SHAPES : accepts;
  if (typeof shapes === 'string' || shapes?.some((s) => !isShape(s))) throw new Error(`catalog-products.json: ${row.name} accepts an unknown shape`);
  return { ...row, category: category as ProductSeed['category'], ...(shapes ? { accepts: shapes as readonly Shape[] } : {}) };
}

export const PRODUCTS: ProductSeed[] = (rows as ProductRow[]).map(productSeed);

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function describe(p: ProductSeed): string {
  const stones = p.ctw.some((c) => c > 0)
    ? ` Set with hand-matched diamonds of F–G colour and VS clarity, available in ${p.ctw.length > 1 ? 'several total carat weights' : 'one total carat weight'}.`
    : '';
  // A setting's page states the centre diamonds it holds (shapes and carats) from its data: said once, there.
  return `The ${p.name}, handcrafted in our atelier in recycled precious metal.${p.story ? ` ${p.story}` : ''}${stones} Free resizing within 60 days and a lifetime warranty.`;
}
