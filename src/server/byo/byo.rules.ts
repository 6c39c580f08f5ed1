/**
 * The build-your-own rules a pair must pass before it reaches a cart or a wishlist, beyond each part being
 * for sale (the cart's rules check that): the setting holds the diamond's shape and carat, the jewellery
 * shape is the diamond's, and the ring size is a standard size or a custom size we can make. Messages are
 * the words the shopper reads on the summary; `errors` names the field for API clients.
 */
import type { DiamondRecord, ProductItemRecord } from '~/server/cart/catalog-items.repository.ts';
import { badRequest } from '~/server/endpoint/http.ts';
import { shapeLabel } from '~/features/diamonds/grades.ts';
import { CUSTOM_SIZE_HINT, normaliseCustomSize, normaliseSize, STANDARD_SIZES } from '~/features/byo/ring-size.ts';

export interface SizeChoice {
  selected_size?: string;
  custom_size?: string;
}

const shapeName = (shape: string) => shapeLabel(shape).toLowerCase();
const carats = (n: number) => `${Number(n.toFixed(2))} ct`;

/** The shapes a setting's record lists (a JSON array); an unreadable list holds none. */
export function acceptedShapes(setting: Pick<ProductItemRecord['product'], 'accepted_shapes'>): string[] {
  try {
    const list: unknown = JSON.parse(setting.accepted_shapes || '[]');
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

export interface SettingLimits {
  accepted_shapes: string[];
  carat_min: number | null;
  carat_max: number | null;
}

/** Why this setting cannot hold this diamond, in the shopper's words; undefined when it can. */
export function incompatibility(setting: SettingLimits, diamond: { shape: string; carat: number }): string | undefined {
  if (!setting.accepted_shapes.includes(diamond.shape)) return `This setting does not hold ${shapeName(diamond.shape)} diamonds`;
  const min = Number(setting.carat_min ?? 0);
  const max = Number(setting.carat_max ?? Infinity);
  const carat = Number(diamond.carat);
  if (carat < min || carat > max) return `This setting holds diamonds of ${carats(min)} to ${carats(max)}; this diamond is ${carats(carat)}`;
  return undefined;
}

/** The ring size, checked and written one way ("7.5", "7.25"); at most one of the two. */
export function checkSize(choice: SizeChoice): SizeChoice {
  if (choice.selected_size && choice.custom_size) {
    throw badRequest('Choose a standard ring size or a custom size, not both', { custom_size: ['give either selected_size or custom_size'] });
  }
  if (choice.selected_size) {
    const size = normaliseSize(choice.selected_size);
    if (!size) {
      const message = `Ring size ${choice.selected_size} is not one of our standard sizes (${STANDARD_SIZES[0]} to ${STANDARD_SIZES.at(-1)} in half sizes); enter it as a custom size`;
      throw badRequest(message, { selected_size: [message] });
    }
    return { selected_size: size };
  }
  if (choice.custom_size) {
    const size = normaliseCustomSize(choice.custom_size);
    if (!size) {
      const message = `Custom size ${choice.custom_size} is not a ring size we can make: enter ${CUSTOM_SIZE_HINT}`;
      throw badRequest(message, { custom_size: [message] });
    }
    return { custom_size: size };
  }
  return {};
}

/** Every build-your-own rule of the pair itself; answers the size as it will be stored. */
export function checkByoPair(setting: ProductItemRecord, diamond: DiamondRecord, choices: SizeChoice & { selected_jewelry_shape?: string }): SizeChoice {
  const { product } = setting;
  const reason = incompatibility({ accepted_shapes: acceptedShapes(product), carat_min: product.carat_min, carat_max: product.carat_max }, diamond.diamond);
  if (reason) throw badRequest(reason, { ids: [reason] });
  const shape = choices.selected_jewelry_shape;
  if (shape !== undefined && shape !== diamond.diamond.shape) {
    const message = `The jewellery shape must be the centre diamond's: ${shapeName(diamond.diamond.shape)}`;
    throw badRequest(message, { selected_jewelry_shape: [message] });
  }
  return checkSize(choices);
}
