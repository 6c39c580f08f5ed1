/**
 * The demo brand's jewellery: categories, metals and about 95 products with their variants
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
  /** What the jeweller says of the piece, after its first sentence (the fuller demo catalogue). */
  story?: string;
}

const ALL = SHAPES;
const ROUNDISH: Shape[] = ['round', 'oval', 'cushion'];
const FANCY: Shape[] = ['oval', 'pear', 'marquise', 'emerald', 'radiant'];

const settings: ProductSeed[] = (
  [
    { name: 'Classic Six-Prong Solitaire', style: 'solitaire', design: 'six-prong-solitaire', base: 990, ctw: [0], accepts: ALL, carat: [0.3, 5] },
    { name: 'Petite Four-Prong Solitaire', style: 'solitaire', design: 'four-prong-solitaire', base: 890, ctw: [0], accepts: ALL, carat: [0.3, 3] },
    {
      name: 'Cathedral Solitaire',
      style: 'solitaire',
      design: 'cathedral-solitaire',
      base: 1190,
      ctw: [0],
      accepts: ['round', 'oval', 'cushion', 'princess'],
      carat: [0.5, 4],
    },
    { name: 'Knife-Edge Solitaire', style: 'solitaire', design: 'knife-edge-solitaire', base: 1090, ctw: [0], accepts: ALL, carat: [0.3, 4] },
    {
      name: 'Bezel-Set Solitaire',
      style: 'solitaire',
      design: 'bezel-solitaire',
      base: 1290,
      ctw: [0],
      accepts: ['round', 'oval', 'emerald', 'cushion'],
      carat: [0.5, 3],
    },
    { name: 'Pavé Halo Setting', style: 'halo', design: 'pave-halo', base: 1690, ctw: [0.25, 0.33], perCarat: 2400, accepts: ROUNDISH, carat: [0.5, 3] },
    { name: 'Hidden Halo Setting', style: 'halo', design: 'hidden-halo', base: 1590, ctw: [0.1, 0.2], perCarat: 2600, accepts: ALL, carat: [0.7, 4] },
    {
      name: 'Vintage Milgrain Halo',
      style: 'vintage',
      design: 'milgrain-halo',
      base: 1890,
      ctw: [0.33, 0.5],
      perCarat: 2200,
      accepts: ['round', 'cushion', 'asscher'],
      carat: [0.5, 2.5],
    },
    {
      name: 'Art Deco Halo',
      style: 'vintage',
      design: 'art-deco-halo',
      base: 2190,
      ctw: [0.4, 0.6],
      perCarat: 2200,
      accepts: ['emerald', 'asscher', 'radiant'],
      carat: [0.7, 3],
    },
    {
      name: 'Three-Stone Trellis',
      style: 'three-stone',
      design: 'three-stone',
      base: 1990,
      ctw: [0.5, 1],
      perCarat: 2800,
      accepts: ['round', 'oval', 'cushion', 'princess'],
      carat: [0.5, 3],
    },
    {
      name: 'Tapered Baguette Three-Stone',
      style: 'three-stone',
      design: 'tapered-baguette',
      base: 2290,
      ctw: [0.33, 0.5],
      perCarat: 3000,
      accepts: ['emerald', 'radiant', 'oval', 'round'],
      carat: [0.7, 4],
    },
    { name: 'Twisted Vine Setting', style: 'nature', design: 'twisted-vine', base: 1490, ctw: [0.1, 0.2], perCarat: 2400, accepts: ALL, carat: [0.3, 2.5] },
    { name: 'East-West Setting', style: 'solitaire', design: 'east-west', base: 1390, ctw: [0], accepts: FANCY, carat: [0.5, 3] },
    {
      name: 'Split Shank Pavé Setting',
      style: 'pave',
      design: 'split-shank-pave',
      base: 1790,
      ctw: [0.25, 0.4],
      perCarat: 2400,
      accepts: ALL,
      carat: [0.5, 3.5],
    },
    { name: 'Petite Pavé Setting', style: 'pave', design: 'petite-pave', base: 1390, ctw: [0.1, 0.2], perCarat: 2400, accepts: ALL, carat: [0.3, 2.5] },
    {
      name: 'Heart Halo Setting',
      style: 'halo',
      design: 'heart-halo',
      base: 1590,
      ctw: [0.2, 0.33],
      perCarat: 2400,
      accepts: ['heart', 'pear'],
      carat: [0.5, 2],
    },
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

/**
 * The fuller catalogue of a real jeweller: more build-your-own settings, at least 40 in all across
 * solitaire, pavé, halo, hidden halo, three-stone, vintage, bezel, cathedral and tension, and more fine
 * jewellery, each with what the jeweller says of it. Listed after the first pieces, so their ids stay.
 */
const ROUND_ONLY: Shape[] = ['round'];
const SQUARE: Shape[] = ['princess', 'asscher', 'cushion', 'radiant', 'emerald'];
const moreSettings: ProductSeed[] = (
  [
    {
      name: 'Tulip Six-Prong Solitaire',
      style: 'solitaire',
      design: 'tulip-six-prong',
      base: 1150,
      ctw: [0],
      accepts: ROUND_ONLY,
      carat: [0.5, 4],
      story:
        'Six slender prongs open like the petals of a tulip beneath the stone, so light reaches the diamond from every side. The gallery is pierced and hand-polished, and the shank tapers gently to 1.8 mm at the back.',
    },
    {
      name: 'Comfort-Fit Round Solitaire',
      style: 'solitaire',
      design: 'comfort-fit-solitaire',
      base: 950,
      ctw: [0],
      accepts: ROUND_ONLY,
      carat: [0.3, 3],
      story:
        'Our most-requested solitaire: four rounded claws, a low-set head that will not catch on knitwear, and a comfort-fit inner shank that slips over the knuckle with ease.',
    },
    {
      name: 'Claw-Prong Oval Solitaire',
      style: 'solitaire',
      design: 'claw-prong-oval',
      base: 1090,
      ctw: [0],
      accepts: ['oval', 'pear', 'marquise'],
      carat: [0.5, 4],
      story:
        'Pointed eagle-claw prongs sit at the compass points of an elongated stone, showing as much of the diamond and as little metal as we can make secure.',
    },
    {
      name: 'Square Compass Solitaire',
      style: 'solitaire',
      design: 'compass-solitaire',
      base: 1190,
      ctw: [0],
      accepts: SQUARE,
      carat: [0.5, 3.5],
      story: 'V-shaped prongs guard the four corners of a princess, asscher or cushion, the points most exposed to knocks, on a crisp knife-edge shank.',
    },
    {
      name: 'Pavé Crown Setting',
      style: 'pave',
      design: 'pave-crown',
      base: 1490,
      ctw: [0.15, 0.25],
      perCarat: 2500,
      accepts: ALL,
      carat: [0.5, 3],
      story:
        'A single row of bead-set diamonds runs halfway down the shank and around the crown of the head, hand-set under the microscope so each melee sits level with its neighbours.',
    },
    {
      name: 'French Pavé Setting',
      style: 'pave',
      design: 'french-pave',
      base: 1890,
      ctw: [0.3, 0.45],
      perCarat: 2500,
      accepts: ['round', 'oval', 'cushion', 'pear'],
      carat: [0.7, 3.5],
      story:
        'French-cut V-shaped seats show more of each side diamond and less metal, so the shank sparkles right to the edge. Set by hand in our workshop, one stone at a time.',
    },
    {
      name: 'Micro-Pavé Cathedral Setting',
      style: 'cathedral',
      design: 'cathedral-pave',
      base: 1790,
      ctw: [0.2, 0.3],
      perCarat: 2600,
      accepts: ['round', 'oval', 'cushion', 'princess', 'radiant'],
      carat: [0.5, 3.5],
      story: 'Arches of micropavé sweep up from the shank to cradle the centre stone, lifting it for height and light while keeping the profile graceful.',
    },
    {
      name: 'Classic Cathedral Setting',
      style: 'cathedral',
      design: 'classic-cathedral',
      base: 1250,
      ctw: [0],
      accepts: ALL,
      carat: [0.5, 4],
      story:
        'Polished shoulders rise to meet the head like the arches of a cathedral nave: a timeless profile that makes a modest stone look larger and a large one look grand.',
    },
    {
      name: 'Round Halo Setting',
      style: 'halo',
      design: 'round-halo',
      base: 1590,
      ctw: [0.2, 0.3],
      perCarat: 2400,
      accepts: ROUND_ONLY,
      carat: [0.5, 2.5],
      story:
        'A ring of matched round diamonds frames the centre stone and adds about half a millimetre of apparent size on every side, with pavé continuing down the shank.',
    },
    {
      name: 'Cushion Halo Setting',
      style: 'halo',
      design: 'cushion-halo',
      base: 1690,
      ctw: [0.25, 0.4],
      perCarat: 2400,
      accepts: ['cushion', 'radiant', 'asscher', 'princess'],
      carat: [0.5, 3],
      story:
        'A softly squared halo follows the outline of a cushion or radiant centre, the look of the great Edwardian rings with the crisp precision of modern setting.',
    },
    {
      name: 'Double Halo Setting',
      style: 'halo',
      design: 'double-halo',
      base: 2390,
      ctw: [0.4, 0.6],
      perCarat: 2300,
      accepts: ['round', 'oval', 'cushion'],
      carat: [0.5, 2.5],
      story:
        'Two concentric rows of diamonds around the centre stone: the most light and presence for the carat, finished with hand-applied milgrain on the outer edge.',
    },
    {
      name: 'Hidden Halo Solitaire',
      style: 'hidden-halo',
      design: 'hidden-halo-solitaire',
      base: 1490,
      ctw: [0.08, 0.12],
      perCarat: 2600,
      accepts: ALL,
      carat: [0.5, 4],
      story:
        'From above, a clean six-prong solitaire; from the side, a secret ring of diamonds tucked beneath the stone. A detail only its wearer and those closest to her will know.',
    },
    {
      name: 'Hidden Halo Pavé Setting',
      style: 'hidden-halo',
      design: 'hidden-halo-split',
      base: 1790,
      ctw: [0.2, 0.3],
      perCarat: 2500,
      accepts: ['round', 'oval', 'pear', 'cushion', 'radiant'],
      carat: [0.7, 4],
      story:
        'A hidden halo under the head and pavé along the shank, for a ring that sparkles from every angle while the centre stone keeps its own silhouette.',
    },
    {
      name: 'Oval Hidden Halo Setting',
      style: 'hidden-halo',
      design: 'oval-hidden-halo',
      base: 1690,
      ctw: [0.12, 0.2],
      perCarat: 2600,
      accepts: ['oval', 'pear', 'marquise', 'emerald'],
      carat: [0.7, 4],
      story: 'Shaped to an elongated stone, the hidden halo follows its outline beneath the crown; a slim shank keeps the proportions elegant on the hand.',
    },
    {
      name: 'Pear Three-Stone Setting',
      style: 'three-stone',
      design: 'pear-three-stone',
      base: 2090,
      ctw: [0.4, 0.6],
      perCarat: 2800,
      accepts: ['round', 'oval', 'cushion', 'emerald'],
      carat: [0.7, 3.5],
      story: 'Two matched pear-shaped side stones point towards the centre, framing it like a pair of wings. Past, present and future, in one ring.',
    },
    {
      name: 'Trapezoid Three-Stone Setting',
      style: 'three-stone',
      design: 'trapezoid-three-stone',
      base: 2490,
      ctw: [0.5, 0.7],
      perCarat: 3000,
      accepts: ['emerald', 'asscher', 'radiant', 'cushion'],
      carat: [0.7, 4],
      story:
        'Step-cut trapezoids flank the centre stone with broad flashes of light, a natural partner for an emerald or asscher cut and a nod to 1930s design.',
    },
    {
      name: 'Halo Three-Stone Setting',
      style: 'three-stone',
      design: 'halo-three-stone',
      base: 2690,
      ctw: [0.6, 0.9],
      perCarat: 2700,
      accepts: ['round', 'oval', 'cushion'],
      carat: [0.5, 3],
      story: 'Three stones, each in its own halo, on a pavé shank: the most generous of our three-stone rings, and made to be noticed.',
    },
    {
      name: 'Vintage Milgrain Solitaire',
      style: 'vintage',
      design: 'milgrain-solitaire',
      base: 1390,
      ctw: [0],
      accepts: ['round', 'cushion', 'oval', 'asscher'],
      carat: [0.5, 3],
      story:
        'Hand-applied milgrain beads trace the edges of the shank and head, a finish taken from rings of the 1910s, on a six-prong head suited to an old-mine or cushion stone.',
    },
    {
      name: 'Edwardian Filigree Setting',
      style: 'vintage',
      design: 'edwardian-filigree',
      base: 1990,
      ctw: [0.25, 0.35],
      perCarat: 2400,
      accepts: ['round', 'cushion', 'asscher'],
      carat: [0.5, 2.5],
      story:
        'Openwork filigree on the gallery and shoulders, a milgrain-edged halo and engraved sides: the lace-like delicacy of the Edwardian era, made to last another hundred years.',
    },
    {
      name: 'Art Deco Step Setting',
      style: 'vintage',
      design: 'art-deco-step',
      base: 2290,
      ctw: [0.35, 0.5],
      perCarat: 2300,
      accepts: ['emerald', 'asscher', 'radiant', 'princess'],
      carat: [0.7, 3.5],
      story: 'Geometric steps of baguettes and rounds around a step-cut centre, in the bold symmetry of 1920s Paris.',
    },
    {
      name: 'Full Bezel Solitaire',
      style: 'bezel',
      design: 'bezel-knife-edge',
      base: 1350,
      ctw: [0],
      accepts: ['round', 'oval', 'cushion', 'emerald', 'pear'],
      carat: [0.5, 3],
      story:
        'A smooth collar of metal encircles the stone completely: the most protective setting we make, ideal for an active life, with a sleek modern line.',
    },
    {
      name: 'Pavé Bezel Setting',
      style: 'bezel',
      design: 'bezel-pave',
      base: 1690,
      ctw: [0.15, 0.25],
      perCarat: 2500,
      accepts: ['round', 'oval', 'cushion'],
      carat: [0.5, 2.5],
      story: 'A polished bezel protects the centre stone while a row of pavé diamonds runs down each side of the shank: security and sparkle in one.',
    },
    {
      name: 'East-West Bezel Setting',
      style: 'bezel',
      design: 'east-west-bezel',
      base: 1490,
      ctw: [0],
      accepts: ['oval', 'emerald', 'marquise', 'pear', 'radiant'],
      carat: [0.5, 3],
      story:
        'An elongated stone turned sideways in a slim bezel: a contemporary take on the solitaire that sits low and stacks beautifully with a wedding ring.',
    },
    {
      name: 'Tension Setting',
      style: 'tension',
      design: 'tension',
      base: 1590,
      ctw: [0],
      accepts: ['round', 'princess', 'cushion', 'oval'],
      carat: [0.5, 2],
      story:
        'The diamond is held by the pressure of the metal alone, seated in precision-cut notches at each end, so it seems to float between them. Made in platinum or work-hardened gold.',
    },
    {
      name: 'Pavé Tension Setting',
      style: 'tension',
      design: 'pave-tension',
      base: 1890,
      ctw: [0.1, 0.15],
      perCarat: 2600,
      accepts: ['round', 'oval', 'cushion'],
      carat: [0.5, 2],
      story: 'A tension-style setting with a line of pavé along each arm of the shank, holding the centre stone in light from both sides.',
    },
    {
      name: 'Knife-Edge Pavé Setting',
      style: 'pave',
      design: 'knife-edge-pave',
      base: 1650,
      ctw: [0.15, 0.25],
      perCarat: 2500,
      accepts: ALL,
      carat: [0.5, 3.5],
      story: 'A fine knife-edge shank catches the light along its ridge, with a half row of pavé on either side leading up to the head.',
    },
  ] satisfies Omit<ProductSeed, 'category'>[]
).map((s) => ({ ...s, category: 'engagement-rings' as const, ringSize: true }));

const moreJewellery: ProductSeed[] = [
  {
    name: 'Oval Diamond Stud Earrings',
    category: 'earrings',
    style: 'stud',
    design: 'oval-studs',
    base: 690,
    ctw: [0.5, 1, 1.5],
    perCarat: 3100,
    story:
      'A matched pair of oval diamonds in four-prong baskets, chosen together for colour, clarity and outline. Secured with screw backs for peace of mind.',
  },
  {
    name: 'Diamond Cluster Drop Earrings',
    category: 'earrings',
    style: 'drop',
    design: 'linear-drops',
    base: 1290,
    ctw: [0.5, 0.75],
    perCarat: 2900,
    story: 'A cluster at the ear with a graduated line of diamonds falling below it: evening jewellery that moves with you.',
  },
  {
    name: 'Eternity Hoop Earrings',
    category: 'earrings',
    style: 'hoop',
    design: 'eternity-hoops',
    base: 1690,
    ctw: [1, 2],
    perCarat: 2600,
    story: 'Diamonds set all the way around the hoop, inside and out, so they sparkle from every angle. A hinged snap closure keeps them secure.',
  },
  {
    name: 'Diamond Lariat Necklace',
    category: 'necklaces',
    style: 'station',
    design: 'station-necklace',
    base: 1490,
    ctw: [0.5, 1],
    perCarat: 2700,
    story: 'A fine chain with bezel-set diamonds spaced along its length and a drop that falls at the neckline. Adjustable at 16 and 18 inches.',
  },
  {
    name: 'Oval Halo Pendant',
    category: 'necklaces',
    style: 'halo',
    design: 'oval-halo-pendant',
    base: 990,
    ctw: [0.5, 0.75, 1],
    perCarat: 3000,
    story: 'An oval centre diamond in a halo of pavé, suspended from a hidden bail so the pendant sits flat and faces forward.',
  },
  {
    name: 'Graduated Tennis Necklace',
    category: 'necklaces',
    style: 'tennis',
    design: 'riviera-necklace',
    base: 5900,
    ctw: [4, 7],
    perCarat: 2500,
    story: 'Round diamonds graduating in size towards the centre, each in its own four-prong setting with a box clasp and double safety catch.',
  },
  {
    name: 'Diamond Line Bracelet',
    category: 'bracelets',
    style: 'tennis',
    design: 'tennis-bracelet',
    base: 1890,
    ctw: [1, 1.5],
    perCarat: 2400,
    story: 'A fine line of round diamonds in a flexible four-prong setting, made to wear every day and to stack with a watch.',
  },
  {
    name: 'Pavé Bangle',
    category: 'bracelets',
    style: 'bangle',
    design: 'eternity-bangle',
    base: 2190,
    ctw: [0.75, 1.25],
    perCarat: 2500,
    story: 'A slim oval bangle with pavé across the top half and a concealed hinge, shaped to sit close to the wrist.',
  },
  {
    name: 'Anniversary Diamond Band',
    category: 'wedding-bands',
    style: 'eternity',
    design: 'anniversary-band',
    base: 1390,
    ctw: [0.5, 1],
    perCarat: 2500,
    ringSize: true,
    story: 'Seven to nine matched diamonds across the top of the band in a shared-prong setting: the traditional gift for a milestone anniversary.',
  },
  {
    name: 'Curved Pavé Band',
    category: 'wedding-bands',
    style: 'contour',
    design: 'curved-pave-band',
    base: 990,
    ctw: [0.15, 0.25],
    perCarat: 2600,
    ringSize: true,
    story: 'Gently curved to sit flush against a raised centre stone, with pavé along the arc.',
  },
];

export const PRODUCTS: ProductSeed[] = [...settings, ...bands, ...earrings, ...necklaces, ...bracelets, ...moreSettings, ...moreJewellery];

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
