/**
 * Product drawings by kind of piece, in the colour of its metal (the first, coarse vocabulary, kept for
 * callers such as share images). Every design is drawn by src/server/images/jewellery/: this maps a
 * kind to its usual design. Pure functions: cacheable forever.
 */
import type { MetalCode } from '~/features/products/metals.ts';
import { drawJewellery, type DesignCode, type StoneSpec, type View } from './jewellery/index.ts';

export const JEWELLERY_KINDS = ['ring', 'band', 'stud', 'hoop', 'drop', 'pendant', 'tennis', 'bangle', 'chain'] as const;
export type JewelleryKind = (typeof JEWELLERY_KINDS)[number];

export const KIND_DESIGNS: Record<JewelleryKind, DesignCode> = {
  ring: 'six-prong-solitaire',
  band: 'plain-band',
  stud: 'stud-earrings',
  hoop: 'gold-hoops',
  drop: 'pear-drops',
  pendant: 'solitaire-pendant',
  tennis: 'tennis-necklace',
  bangle: 'bangle',
  chain: 'link-bracelet',
};

export function jewellerySvg(kind: JewelleryKind, metal: MetalCode, view: View = 'angled', stone?: StoneSpec): string {
  return drawJewellery(KIND_DESIGNS[kind], metal, view, stone);
}
