/** Which drawing shows a product: chosen from its category and style, in the colour of its metal. */
import type { MetalCode } from '~/features/catalog/metals.ts';
import type { JewelleryKind } from '~/server/images/jewellery-svg.ts';

export function jewelleryKind(category: string, style: string): JewelleryKind {
  switch (category) {
    case 'engagement-rings':
      return 'ring';
    case 'wedding-bands':
      return 'band';
    case 'earrings':
      return style === 'hoop' ? 'hoop' : style === 'drop' ? 'drop' : 'stud';
    case 'necklaces':
      return style === 'tennis' || style === 'station' ? 'tennis' : 'pendant';
    case 'bracelets':
      return style === 'bangle' || style === 'cuff' ? 'bangle' : style === 'chain' ? 'chain' : 'tennis';
    default:
      return 'ring';
  }
}

export function productImageUrl(category: string, style: string, metal: MetalCode | string): string {
  return `/images/jewellery/${jewelleryKind(category, style)}--${metal}.svg`;
}
