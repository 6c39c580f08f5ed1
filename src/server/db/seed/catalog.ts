/**
 * The demo brand's jewellery: categories, metals and about 60 products with their variants
 * (metal × total carat weight). Ring settings take a centre diamond (build-your-own).
 */
import type { Shape } from '~/features/diamonds/grades.ts';
import { SHAPES } from '~/features/diamonds/grades.ts';

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
}

const ALL = SHAPES;
const ROUNDISH: Shape[] = ['round', 'oval', 'cushion'];
const FANCY: Shape[] = ['oval', 'pear', 'marquise', 'emerald', 'radiant'];

const settings: ProductSeed[] = (
  [
  { name: 'Classic Six-Prong Solitaire', style: 'solitaire', design: 'six-prong-solitaire', base: 990, ctw: [0], accepts: ALL, carat: [0.3, 5] },
  { name: 'Petite Four-Prong Solitaire', style: 'solitaire', design: 'four-prong-solitaire', base: 890, ctw: [0], accepts: ALL, carat: [0.3, 3] },
  { name: 'Cathedral Solitaire', style: 'solitaire', design: 'cathedral-solitaire', base: 1190, ctw: [0], accepts: ['round', 'oval', 'cushion', 'princess'], carat: [0.5, 4] },
  { name: 'Knife-Edge Solitaire', style: 'solitaire', design: 'knife-edge-solitaire', base: 1090, ctw: [0], accepts: ALL, carat: [0.3, 4] },
  { name: 'Bezel-Set Solitaire', style: 'solitaire', design: 'bezel-solitaire', base: 1290, ctw: [0], accepts: ['round', 'oval', 'emerald', 'cushion'], carat: [0.5, 3] },
  { name: 'Pavé Halo Setting', style: 'halo', design: 'pave-halo', base: 1690, ctw: [0.25, 0.33], perCarat: 2400, accepts: ROUNDISH, carat: [0.5, 3] },
  { name: 'Hidden Halo Setting', style: 'halo', design: 'hidden-halo', base: 1590, ctw: [0.1, 0.2], perCarat: 2600, accepts: ALL, carat: [0.7, 4] },
  { name: 'Vintage Milgrain Halo', style: 'vintage', design: 'milgrain-halo', base: 1890, ctw: [0.33, 0.5], perCarat: 2200, accepts: ['round', 'cushion', 'asscher'], carat: [0.5, 2.5] },
  { name: 'Art Deco Halo', style: 'vintage', design: 'art-deco-halo', base: 2190, ctw: [0.4, 0.6], perCarat: 2200, accepts: ['emerald', 'asscher', 'radiant'], carat: [0.7, 3] },
  { name: 'Three-Stone Trellis', style: 'three-stone', design: 'three-stone', base: 1990, ctw: [0.5, 1], perCarat: 2800, accepts: ['round', 'oval', 'cushion', 'princess'], carat: [0.5, 3] },
  { name: 'Tapered Baguette Three-Stone', style: 'three-stone', design: 'tapered-baguette', base: 2290, ctw: [0.33, 0.5], perCarat: 3000, accepts: ['emerald', 'radiant', 'oval', 'round'], carat: [0.7, 4] },
  { name: 'Twisted Vine Setting', style: 'nature', design: 'twisted-vine', base: 1490, ctw: [0.1, 0.2], perCarat: 2400, accepts: ALL, carat: [0.3, 2.5] },
  { name: 'East-West Setting', style: 'solitaire', design: 'east-west', base: 1390, ctw: [0], accepts: FANCY, carat: [0.5, 3] },
  { name: 'Split Shank Pavé Setting', style: 'pave', design: 'split-shank-pave', base: 1790, ctw: [0.25, 0.4], perCarat: 2400, accepts: ALL, carat: [0.5, 3.5] },
  { name: 'Petite Pavé Setting', style: 'pave', design: 'petite-pave', base: 1390, ctw: [0.1, 0.2], perCarat: 2400, accepts: ALL, carat: [0.3, 2.5] },
  { name: 'Heart Halo Setting', style: 'halo', design: 'heart-halo', base: 1590, ctw: [0.2, 0.33], perCarat: 2400, accepts: ['heart', 'pear'], carat: [0.5, 2] },
] satisfies Omit<ProductSeed, 'category'>[]
).map((s) => ({ ...s, category: 'engagement-rings' as const, ringSize: true }));

const bands: ProductSeed[] = (
  [
  { name: 'Classic Comfort-Fit Band 2mm', style: 'plain', design: 'plain-band', base: 490, ctw: [0] },
  { name: 'Classic Comfort-Fit Band 4mm', style: 'plain', design: 'wide-plain-band', base: 790, ctw: [0] },
  { name: 'Milgrain Edge Band', style: 'vintage', design: 'milgrain-band', base: 690, ctw: [0] },
  { name: 'Curved Contour Band', style: 'contour', design: 'contour-band', base: 890, ctw: [0.1, 0.2], perCarat: 2600 },
  { name: 'Diamond Eternity Band', style: 'eternity', design: 'eternity-band', base: 1490, ctw: [1, 2, 3], perCarat: 2400 },
  { name: 'Shared-Prong Half Eternity', style: 'eternity', design: 'half-eternity-band', base: 1190, ctw: [0.5, 0.75, 1], perCarat: 2400 },
  { name: 'Pavé Wedding Band', style: 'pave', design: 'pave-band', base: 990, ctw: [0.25, 0.5], perCarat: 2600 },
  { name: 'Channel-Set Diamond Band', style: 'channel', design: 'channel-band', base: 1290, ctw: [0.5, 1], perCarat: 2500 },
  { name: 'Baguette Wedding Band', style: 'baguette', design: 'baguette-band', base: 1690, ctw: [0.5, 1], perCarat: 2700 },
  { name: "Men's Brushed Band 6mm", style: 'plain', design: 'brushed-band', base: 1090, ctw: [0], hideInList: ['18k_rose_gold'] },
  { name: "Men's Beveled Band 7mm", style: 'plain', design: 'beveled-band', base: 1290, ctw: [0], hideInList: ['18k_rose_gold'] },
  { name: 'Stackable Pavé Ring', style: 'stackable', design: 'stackable-pave', base: 590, ctw: [0.1, 0.15], perCarat: 2600 },
] satisfies Omit<ProductSeed, 'category'>[]
).map((s) => ({ ...s, category: 'wedding-bands' as const, ringSize: true }));

const earrings: ProductSeed[] = (
  [
  { name: 'Round Diamond Stud Earrings', style: 'stud', design: 'stud-earrings', base: 490, ctw: [0.25, 0.5, 0.75, 1, 1.5, 2], perCarat: 3200 },
  { name: 'Lab-Grown Diamond Studs', style: 'stud', design: 'stud-earrings', base: 290, ctw: [0.5, 1, 2, 3], perCarat: 900 },
  { name: 'Halo Stud Earrings', style: 'halo', design: 'halo-studs', base: 790, ctw: [0.33, 0.5, 1], perCarat: 3000 },
  { name: 'Bezel Stud Earrings', style: 'stud', design: 'bezel-studs', base: 590, ctw: [0.2, 0.5, 1], perCarat: 3000 },
  { name: 'Diamond Huggie Hoops', style: 'hoop', design: 'huggie-hoops', base: 690, ctw: [0.1, 0.25], perCarat: 2600 },
  { name: 'Inside-Out Diamond Hoops', style: 'hoop', design: 'inside-out-hoops', base: 1490, ctw: [0.5, 1, 2], perCarat: 2600 },
  { name: 'Pear Drop Earrings', style: 'drop', design: 'pear-drops', base: 1290, ctw: [0.5, 1], perCarat: 3000 },
  { name: 'Cluster Flower Studs', style: 'cluster', design: 'cluster-studs', base: 890, ctw: [0.33, 0.5], perCarat: 2800 },
  { name: 'Linear Diamond Drops', style: 'drop', design: 'linear-drops', base: 1690, ctw: [0.75, 1.5], perCarat: 2800 },
  { name: 'Gold Hoop Earrings 20mm', style: 'hoop', design: 'gold-hoops', base: 390, ctw: [0], hideInList: ['platinum'] },
  { name: 'Threader Earrings', style: 'drop', design: 'threaders', base: 490, ctw: [0.1], perCarat: 2600 },
  { name: 'Emerald-Cut Stud Earrings', style: 'stud', design: 'emerald-studs', base: 990, ctw: [0.5, 1, 2], perCarat: 3300 },
] satisfies Omit<ProductSeed, 'category'>[]
).map((s) => ({ ...s, category: 'earrings' as const }));

const necklaces: ProductSeed[] = (
  [
  { name: 'Diamond Solitaire Pendant', style: 'pendant', design: 'solitaire-pendant', base: 590, ctw: [0.25, 0.5, 1], perCarat: 3400 },
  { name: 'Halo Diamond Pendant', style: 'halo', design: 'halo-pendant', base: 890, ctw: [0.33, 0.5, 1], perCarat: 3000 },
  { name: 'Bezel Diamond Necklace', style: 'pendant', design: 'bezel-pendant', base: 490, ctw: [0.1, 0.25, 0.5], perCarat: 3000 },
  { name: 'Diamond Tennis Necklace', style: 'tennis', design: 'tennis-necklace', base: 4900, ctw: [3, 5, 10], perCarat: 2400 },
  { name: 'Diamond-by-the-Yard Necklace', style: 'station', design: 'station-necklace', base: 790, ctw: [0.25, 0.5], perCarat: 2800 },
  { name: 'Pear Drop Pendant', style: 'pendant', design: 'pear-pendant', base: 1190, ctw: [0.5, 1], perCarat: 3200 },
  { name: 'Diamond Bar Necklace', style: 'bar', design: 'bar-necklace', base: 690, ctw: [0.1, 0.2], perCarat: 2800 },
  { name: 'Three-Stone Pendant', style: 'pendant', design: 'three-stone-pendant', base: 1290, ctw: [0.5, 1], perCarat: 3000 },
  { name: 'Riviera Necklace', style: 'tennis', design: 'riviera-necklace', base: 6900, ctw: [5, 8], perCarat: 2600 },
  { name: 'Initial Pendant', style: 'pendant', design: 'initial-pendant', base: 390, ctw: [0.05], perCarat: 2600 },
] satisfies Omit<ProductSeed, 'category'>[]
).map((s) => ({ ...s, category: 'necklaces' as const }));

const bracelets: ProductSeed[] = (
  [
  { name: 'Diamond Tennis Bracelet', style: 'tennis', design: 'tennis-bracelet', base: 2490, ctw: [1, 2, 3, 5], perCarat: 2400 },
  { name: 'Lab-Grown Tennis Bracelet', style: 'tennis', design: 'tennis-bracelet', base: 990, ctw: [2, 5, 7], perCarat: 700 },
  { name: 'Bezel Diamond Bracelet', style: 'station', design: 'station-bracelet', base: 890, ctw: [0.25, 0.5], perCarat: 2800 },
  { name: 'Diamond Bangle', style: 'bangle', design: 'bangle', base: 1490, ctw: [0.25, 0.5, 1], perCarat: 2600 },
  { name: 'Open Cuff Bracelet', style: 'cuff', design: 'cuff', base: 990, ctw: [0.2, 0.4], perCarat: 2600 },
  { name: 'Gold Link Bracelet', style: 'chain', design: 'link-bracelet', base: 790, ctw: [0], hideInList: ['platinum'] },
  { name: 'Diamond Station Chain', style: 'station', design: 'station-bracelet', base: 690, ctw: [0.15, 0.3], perCarat: 2800 },
  { name: 'Pavé Infinity Bracelet', style: 'pave', design: 'pave-infinity', base: 1190, ctw: [0.25, 0.5], perCarat: 2600 },
  { name: 'Eternity Bangle', style: 'bangle', design: 'eternity-bangle', base: 3490, ctw: [2, 3], perCarat: 2400 },
  { name: 'Charm Bracelet', style: 'chain', design: 'charm-bracelet', base: 590, ctw: [0.05], perCarat: 2600 },
] satisfies Omit<ProductSeed, 'category'>[]
).map((s) => ({ ...s, category: 'bracelets' as const }));

export const PRODUCTS: ProductSeed[] = [...settings, ...bands, ...earrings, ...necklaces, ...bracelets];

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
  return `The ${p.name}, handcrafted in our atelier in recycled precious metal.${stones} Free resizing within 60 days and a lifetime warranty.`;
}
