/**
 * Every design the shop draws, by code (a product's `design` attribute, seeded with the catalogue):
 * its family, its name for alt texts, and what the family's module needs to draw it. A drawing is a
 * pure function of (design, metal, view[, centre stone]): cacheable forever.
 */
import type { Shape } from '~/features/diamonds/grades.ts';
import { shapeLabel } from '~/features/diamonds/grades.ts';
import type { MetalCode } from '~/features/products/metals.ts';
import { naturalRatio } from '~/server/images/diamond-svg.ts';
import { drawSetting, type SettingDesign } from './settings.ts';
import { drawBand, type BandDesign } from './bands.ts';
import { drawEarrings, type EarringDesign } from './earrings.ts';
import { drawNecklace, type NecklaceDesign } from './necklaces.ts';
import { drawBracelet, type BraceletDesign } from './bracelets.ts';
import { VIEWS, VIEW_LABELS, frame, type StoneSpec, type View } from './parts.ts';

export { VIEWS, type View, type StoneSpec };

type Entry =
  | { family: 'setting'; name: string; shape: Shape; spec: SettingDesign }
  | { family: 'band'; name: string; spec: BandDesign }
  | { family: 'earrings'; name: string; spec: EarringDesign }
  | { family: 'necklace'; name: string; spec: NecklaceDesign }
  | { family: 'bracelet'; name: string; spec: BraceletDesign };

const setting = (name: string, spec: SettingDesign, shape: Shape = 'round'): Entry => ({ family: 'setting', name, shape, spec });
const band = (name: string, spec: BandDesign): Entry => ({ family: 'band', name, spec });
const ear = (name: string, spec: EarringDesign): Entry => ({ family: 'earrings', name, spec });
const neck = (name: string, spec: NecklaceDesign): Entry => ({ family: 'necklace', name, spec });
const brace = (name: string, spec: BraceletDesign): Entry => ({ family: 'bracelet', name, spec });

export const DESIGNS = {
  // Engagement-ring settings.
  'six-prong-solitaire': setting('six-prong solitaire setting', { prongs: 6, shank: 'plain', shankMm: 2 }),
  'four-prong-solitaire': setting('four-prong solitaire setting', { prongs: 4, shank: 'plain', shankMm: 1.6 }),
  'cathedral-solitaire': setting('cathedral solitaire setting', { prongs: 4, shank: 'plain', cathedral: true, shankMm: 2.2 }),
  'knife-edge-solitaire': setting('knife-edge solitaire setting', { prongs: 4, shank: 'knife', shankMm: 2 }),
  'bezel-solitaire': setting('bezel-set solitaire setting', { prongs: 0, bezel: true, shank: 'plain', shankMm: 2.2 }),
  'pave-halo': setting('pavé halo setting', { prongs: 4, halo: 'melee', shank: 'pave', shankMm: 1.8 }),
  'hidden-halo': setting('hidden halo setting', { prongs: 4, halo: 'hidden', shank: 'pave', shankMm: 1.8 }),
  'milgrain-halo': setting('vintage milgrain halo setting', { prongs: 4, halo: 'melee', milgrain: true, shank: 'plain', shankMm: 2 }),
  'art-deco-halo': setting('Art Deco halo setting', { prongs: 4, halo: 'deco', milgrain: true, shank: 'plain', shankMm: 2.2 }, 'emerald'),
  'three-stone': setting('three-stone trellis setting', { prongs: 4, sides: 'stones', cathedral: true, shank: 'plain', shankMm: 2 }),
  'tapered-baguette': setting('tapered baguette three-stone setting', { prongs: 4, sides: 'tapered', shank: 'plain', shankMm: 2 }, 'emerald'),
  'twisted-vine': setting('twisted vine setting', { prongs: 6, shank: 'vine', shankMm: 1.8 }),
  'east-west': setting('east-west solitaire setting', { prongs: 4, eastWest: true, shank: 'plain', shankMm: 1.8 }, 'oval'),
  'split-shank-pave': setting('split-shank pavé setting', { prongs: 4, shank: 'split', shankMm: 2.6 }),
  'petite-pave': setting('petite pavé setting', { prongs: 4, shank: 'pave', shankMm: 1.6 }),
  'heart-halo': setting('heart halo setting', { prongs: 4, halo: 'melee', shank: 'pave', shankMm: 1.8 }, 'heart'),
  // Wedding bands.
  'plain-band': band('plain comfort-fit band', { widthMm: 2 }),
  'wide-plain-band': band('wide plain comfort-fit band', { widthMm: 4 }),
  'milgrain-band': band('milgrain-edge band', { widthMm: 3, milgrain: true }),
  'contour-band': band('curved contour band', { widthMm: 2, contour: true }),
  'eternity-band': band('diamond eternity band', { widthMm: 3, stones: 'eternity' }),
  'half-eternity-band': band('shared-prong half eternity band', { widthMm: 2.6, stones: 'half' }),
  'pave-band': band('pavé band', { widthMm: 2.2, stones: 'pave' }),
  'channel-band': band('channel-set band', { widthMm: 3.5, stones: 'channel' }),
  'baguette-band': band('baguette band', { widthMm: 3.5, stones: 'baguette' }),
  'brushed-band': band('brushed band', { widthMm: 6 }),
  'beveled-band': band('beveled band', { widthMm: 7, bevel: true }),
  'stackable-pave': band('stackable pavé ring', { widthMm: 1.6, stones: 'pave' }),
  // Earrings.
  'stud-earrings': ear('diamond stud earrings', { kind: 'stud', shape: 'round' }),
  'halo-studs': ear('halo stud earrings', { kind: 'stud', shape: 'round', halo: true }),
  'bezel-studs': ear('bezel stud earrings', { kind: 'stud', shape: 'round', bezel: true }),
  'emerald-studs': ear('emerald-cut stud earrings', { kind: 'stud', shape: 'emerald' }),
  'cluster-studs': ear('cluster flower studs', { kind: 'cluster', shape: 'round' }),
  'huggie-hoops': ear('diamond huggie hoops', { kind: 'hoop', shape: 'round', hoopMm: 11, stones: 'front' }),
  'inside-out-hoops': ear('inside-out diamond hoops', { kind: 'hoop', shape: 'round', hoopMm: 18, stones: 'inside-out' }),
  'gold-hoops': ear('plain hoop earrings', { kind: 'hoop', shape: 'round', hoopMm: 20 }),
  'pear-drops': ear('pear drop earrings', { kind: 'drop', shape: 'pear' }),
  'linear-drops': ear('linear diamond drops', { kind: 'linear', shape: 'round' }),
  threaders: ear('threader earrings', { kind: 'threader', shape: 'round' }),
  // Necklaces.
  'solitaire-pendant': neck('solitaire pendant', { kind: 'pendant', shape: 'round' }),
  'halo-pendant': neck('halo pendant', { kind: 'pendant', shape: 'round', halo: true }),
  'bezel-pendant': neck('bezel pendant', { kind: 'pendant', shape: 'round', bezel: true }),
  'pear-pendant': neck('pear drop pendant', { kind: 'pendant', shape: 'pear', halo: true }),
  'three-stone-pendant': neck('three-stone pendant', { kind: 'pendant', shape: 'round', three: true }),
  'initial-pendant': neck('initial pendant', { kind: 'initial', shape: 'round' }),
  'bar-necklace': neck('bar necklace', { kind: 'bar', shape: 'round' }),
  'station-necklace': neck('station necklace', { kind: 'station', shape: 'round' }),
  'tennis-necklace': neck('tennis necklace', { kind: 'tennis', shape: 'round' }),
  'riviera-necklace': neck('graduated riviera necklace', { kind: 'tennis', shape: 'round', graduated: true }),
  // Bracelets.
  'tennis-bracelet': brace('tennis bracelet', { kind: 'tennis' }),
  'station-bracelet': brace('bezel station bracelet', { kind: 'station' }),
  bangle: brace('diamond bangle', { kind: 'bangle' }),
  'eternity-bangle': brace('eternity bangle', { kind: 'bangle', eternity: true }),
  cuff: brace('open cuff', { kind: 'cuff' }),
  'link-bracelet': brace('link bracelet', { kind: 'link' }),
  'pave-infinity': brace('pavé infinity bracelet', { kind: 'infinity' }),
  'charm-bracelet': brace('charm bracelet', { kind: 'charm' }),
  // Engagement-ring settings of the fuller demo catalogue.
  tension: setting('tension setting', { prongs: 0, shank: 'split', shankMm: 2.6 }),
  'bezel-pave': setting('pavé bezel setting', { prongs: 0, bezel: true, shank: 'pave', shankMm: 1.8 }),
  'cathedral-pave': setting('cathedral pavé setting', { prongs: 4, cathedral: true, shank: 'pave', shankMm: 2 }),
  'hidden-halo-solitaire': setting('hidden halo solitaire setting', { prongs: 6, halo: 'hidden', shank: 'plain', shankMm: 2 }),
  'milgrain-solitaire': setting('vintage milgrain solitaire setting', { prongs: 6, milgrain: true, shank: 'plain', shankMm: 2 }),
  'halo-three-stone': setting('halo three-stone setting', { prongs: 4, halo: 'melee', sides: 'stones', shank: 'pave', shankMm: 2 }),
  'east-west-bezel': setting('east-west bezel setting', { prongs: 0, bezel: true, eastWest: true, shank: 'plain', shankMm: 1.8 }, 'oval'),
  // One drawing per setting: the settings that shared a design above get their own (the fuller demo catalogue).
  'tulip-six-prong': setting('tulip six-prong solitaire setting', { prongs: 6, cathedral: true, shank: 'plain', shankMm: 1.6 }),
  'comfort-fit-solitaire': setting('comfort-fit solitaire setting', { prongs: 4, shank: 'plain', shankMm: 2.8 }),
  'claw-prong-oval': setting('claw-prong oval solitaire setting', { prongs: 4, shank: 'knife', shankMm: 1.6 }, 'oval'),
  'classic-cathedral': setting('classic cathedral setting', { prongs: 6, cathedral: true, shank: 'plain', shankMm: 2.6 }),
  'compass-solitaire': setting('compass solitaire setting', { prongs: 4, shank: 'knife', shankMm: 2.4 }, 'princess'),
  'bezel-knife-edge': setting('full bezel knife-edge setting', { prongs: 0, bezel: true, shank: 'knife', shankMm: 2 }),
  'round-halo': setting('round halo setting', { prongs: 6, halo: 'melee', shank: 'plain', shankMm: 2 }),
  'cushion-halo': setting('cushion halo setting', { prongs: 4, halo: 'melee', shank: 'pave', shankMm: 2.2 }, 'cushion'),
  'hidden-halo-split': setting('hidden halo split-shank setting', { prongs: 4, halo: 'hidden', shank: 'split', shankMm: 2.6 }),
  'oval-hidden-halo': setting('oval hidden halo setting', { prongs: 4, halo: 'hidden', shank: 'plain', shankMm: 1.8 }, 'oval'),
  'double-halo': setting('double halo setting', { prongs: 4, halo: 'melee', doubleHalo: true, shank: 'pave', shankMm: 2 }),
  'edwardian-filigree': setting('Edwardian filigree setting', { prongs: 6, halo: 'melee', milgrain: true, shank: 'vine', shankMm: 2 }),
  'art-deco-step': setting('Art Deco step setting', { prongs: 4, halo: 'deco', shank: 'knife', shankMm: 2 }, 'asscher'),
  'pear-three-stone': setting('three-stone setting with side stones', { prongs: 4, sides: 'stones', shank: 'pave', shankMm: 2 }),
  'trapezoid-three-stone': setting('trapezoid three-stone setting', { prongs: 4, sides: 'tapered', cathedral: true, shank: 'plain', shankMm: 2.4 }, 'asscher'),
  'french-pave': setting('French pavé setting', { prongs: 6, shank: 'pave', cathedral: true, shankMm: 2.2 }),
  'knife-edge-pave': setting('knife-edge pavé setting', { prongs: 4, shank: 'split', milgrain: true, shankMm: 2.2 }),
  'pave-crown': setting('pavé crown setting', { prongs: 6, shank: 'pave', shankMm: 1.8 }),
  'pave-tension': setting('pavé tension setting', { prongs: 0, shank: 'pave', shankMm: 2.4 }),
  'curved-pave-band': band('curved pavé band', { widthMm: 2, contour: true, stones: 'pave' }),
  'anniversary-band': band('anniversary diamond band', { widthMm: 3.2, stones: 'half', milgrain: true }),
  'oval-studs': ear('oval diamond stud earrings', { kind: 'stud', shape: 'oval' }),
  'eternity-hoops': ear('eternity hoop earrings', { kind: 'hoop', shape: 'round', hoopMm: 15, stones: 'front' }),
  'oval-halo-pendant': neck('oval halo pendant', { kind: 'pendant', shape: 'oval', halo: true }),
} satisfies Record<string, Entry>;

export type DesignCode = keyof typeof DESIGNS;
export const DESIGN_CODES = Object.keys(DESIGNS) as DesignCode[];
export const isDesign = (s: string | null | undefined): s is DesignCode => !!s && Object.hasOwn(DESIGNS, s);

/** The design of a product without a `design` attribute: the usual piece of its category and style. */
export function designForStyle(category: string, style: string): DesignCode {
  const byStyle: Record<string, Record<string, DesignCode>> = {
    'engagement-rings': {
      solitaire: 'four-prong-solitaire',
      halo: 'pave-halo',
      vintage: 'milgrain-halo',
      'three-stone': 'three-stone',
      nature: 'twisted-vine',
      pave: 'petite-pave',
    },
    'wedding-bands': {
      plain: 'plain-band',
      vintage: 'milgrain-band',
      contour: 'contour-band',
      eternity: 'eternity-band',
      pave: 'pave-band',
      channel: 'channel-band',
      baguette: 'baguette-band',
      stackable: 'stackable-pave',
    },
    earrings: { stud: 'stud-earrings', halo: 'halo-studs', hoop: 'gold-hoops', drop: 'pear-drops', cluster: 'cluster-studs' },
    necklaces: { pendant: 'solitaire-pendant', halo: 'halo-pendant', tennis: 'tennis-necklace', station: 'station-necklace', bar: 'bar-necklace' },
    bracelets: { tennis: 'tennis-bracelet', station: 'station-bracelet', bangle: 'bangle', cuff: 'cuff', chain: 'link-bracelet', pave: 'pave-infinity' },
  };
  const fallback: Record<string, DesignCode> = {
    'engagement-rings': 'four-prong-solitaire',
    'wedding-bands': 'plain-band',
    earrings: 'stud-earrings',
    necklaces: 'solitaire-pendant',
    bracelets: 'tennis-bracelet',
  };
  return byStyle[category]?.[style] ?? fallback[category] ?? 'six-prong-solitaire';
}

/** The centre stone a setting is shown with when none is chosen: 1 ct of its usual shape, in its usual proportions. */
export function defaultStone(shape: Shape, carat = 1): StoneSpec {
  const ratio = naturalRatio(shape);
  const round = 6.45 * Math.cbrt(carat);
  const width = (round / Math.sqrt(ratio)) * 0.97;
  return { shape, lengthMm: width * ratio, widthMm: width };
}

/** 14k_white_gold → 14K White Gold. */
const metalName = (m: MetalCode) =>
  m
    .split('_')
    .map((w) => (/^\d+k$/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');

/** What a picture shows, for its alt text: style, metal, view and stone shape. */
export function jewelleryAlt(design: DesignCode, metal: MetalCode, view: View, stone?: Pick<StoneSpec, 'shape'>): string {
  const d = DESIGNS[design] as Entry;
  const shape = stone?.shape ?? (d.family === 'setting' ? d.shape : 'spec' in d && 'shape' in d.spec ? (d.spec as { shape: Shape }).shape : undefined);
  // A plain metal hoop is drawn (and made) without stones: its picture says none.
  const plainHoop = d.family === 'earrings' && (d.spec as EarringDesign).kind === 'hoop' && !(d.spec as EarringDesign).stones;
  const holding =
    d.family === 'setting'
      ? `, holding ${stone ? 'your' : 'a'} ${shapeLabel(shape!).toLowerCase()} diamond`
      : shape && !plainHoop && d.family !== 'bracelet' && d.family !== 'band'
        ? `, ${shapeLabel(shape).toLowerCase()} diamonds`
        : '';
  const name = d.name.charAt(0).toUpperCase() + d.name.slice(1);
  return `${name} in ${metalName(metal)}, ${VIEW_LABELS[view]}${holding}`;
}

/** The drawing of a design in a metal from a view; a setting holds `stone` (or its default stone). */
export function drawJewellery(design: DesignCode, metal: MetalCode, view: View, stone?: StoneSpec): string {
  const d = DESIGNS[design] as Entry;
  const label = jewelleryAlt(design, metal, view, stone);
  switch (d.family) {
    case 'setting': {
      const s = stone ?? defaultStone(d.shape);
      // Shadow under the ring, wider for face-up.
      return frame(label, metal, drawSetting(d.spec, view, s), view === 'front' ? [100, 140, 82, 10] : [100, 186, 70, 7]);
    }
    case 'band':
      return frame(label, metal, drawBand(d.spec, view), view === 'front' ? [100, 130, 80, 9] : [100, 186, 70, 7]);
    case 'earrings':
      return frame(label, metal, drawEarrings(d.spec, view), [100, 176, 74, 7]);
    case 'necklace':
      return frame(label, metal, drawNecklace(d.spec, view), [100, 186, 74, 6]);
    case 'bracelet':
      return frame(label, metal, drawBracelet(d.spec, view), [100, 178, 80, 9]);
  }
}
