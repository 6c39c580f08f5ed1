/**
 * What an add may put in a cart (or a wishlist): the ids must name real products or diamonds, a variant
 * must belong to its product, and only what can be bought now may be added. Nothing is written here: the
 * caller gets the lines to insert, or an HttpError naming the field.
 */
import { randomUUID } from 'node:crypto';
import type { CartAdd } from '~/features/cart/cart.schema.ts';
import { SHAPES } from '~/features/diamonds/grades.ts';
import type { Db } from '~/server/db/database.ts';
import { badRequest, HttpError } from '~/server/endpoint/http.ts';
import { loadItems, type DiamondRecord, type ItemRecord, type ProductItemRecord, type ItemVariantRecord } from './catalog-items.repository.ts';
import type { NewCartLine } from './cart.repository.ts';
import { diamondName } from '~/server/diamonds/diamonds.service.ts';
import { isAvailable } from './line-item.presenter.ts';
import { checkByoPair, checkSize, type SizeChoice } from '~/server/byo/byo.rules.ts';

export const unavailable = (message: string, field = 'ids') => new HttpError(409, message, 'unavailable', { [field]: [message] });

export interface Choices {
  selected_configurable_option?: number;
  selected_jewelry_shape?: string;
  selected_size?: string;
  custom_size?: string;
}

export async function loadAll(db: Db, ids: number[]): Promise<Map<number, ItemRecord>> {
  const records = await loadItems(db, ids);
  const missing = ids.filter((id) => !records.has(id));
  if (missing.length) {
    const message = `No product or diamond has id ${missing.join(', ')}`;
    throw new HttpError(404, message, 'not_found', { ids: [message] });
  }
  return records;
}

/** The chosen variant: it must be one of the product's; a product with several needs a choice. */
export function resolveVariant(record: ProductItemRecord, optionId: number | undefined): ItemVariantRecord | undefined {
  if (optionId !== undefined) {
    const variant = record.variants.find((v) => v.id === optionId);
    if (!variant) {
      throw badRequest(`selected_configurable_option: variant ${optionId} does not belong to product ${record.id}`, {
        selected_configurable_option: [`variant ${optionId} does not belong to product ${record.id}`],
      });
    }
    return variant;
  }
  if (record.variants.length <= 1) return record.variants[0];
  throw badRequest('selected_configurable_option: choose a metal and carat weight', {
    selected_configurable_option: ['choose a metal and carat weight (a variant of this product)'],
  });
}

function checkShape(shape: string | undefined): void {
  if (shape !== undefined && !(SHAPES as readonly string[]).includes(shape)) {
    throw badRequest(`selected_jewelry_shape: ${shape} is not a diamond shape`, { selected_jewelry_shape: [`must be one of ${SHAPES.join(', ')}`] });
  }
}

/** A product on its own: its variant, and it must be on sale. */
export function checkProduct(record: ProductItemRecord, choices: Choices): ItemVariantRecord | undefined {
  const variant = resolveVariant(record, choices.selected_configurable_option);
  checkShape(choices.selected_jewelry_shape);
  if (!isAvailable(record, variant?.id)) throw unavailable(`${record.product.name} is no longer available`);
  return variant;
}

/** A diamond on its own: it takes no variant and must be for sale (not sold, reserved or hidden). */
export function checkDiamond(record: DiamondRecord, choices: Choices): void {
  if (choices.selected_configurable_option !== undefined) {
    throw badRequest('selected_configurable_option: a diamond has no variants', { selected_configurable_option: ['a diamond has no variants'] });
  }
  if (!isAvailable(record)) throw unavailable(`The ${diamondName(record.diamond)} is no longer available`);
}

/**
 * A build-your-own pair: the setting must take a centre diamond, both parts must be for sale, and the
 * pair must pass the build-your-own rules (src/server/byo/byo.rules.ts: shape, carat, ring size).
 */
export function validateByoPair(
  setting: ProductItemRecord,
  diamond: DiamondRecord,
  choices: Choices,
): { variant: ItemVariantRecord | undefined; size: SizeChoice } {
  if (setting.product.is_byo !== 1) {
    throw badRequest(`ids: ${setting.product.name} is not a setting that takes a diamond`, { ids: [`product ${setting.id} is not a build-your-own setting`] });
  }
  const variant = checkProduct(setting, choices);
  checkDiamond(diamond, {});
  return { variant, size: checkByoPair(setting, diamond, choices) };
}

/** A ring (`has_ring_size`) reaches a cart only with its size: 422 naming `selected_size` otherwise. */
export function needsSize(record: ProductItemRecord, size: SizeChoice): boolean {
  return Number(record.product.has_ring_size) === 1 && !size.selected_size && !size.custom_size;
}

export function sizeRequired(name: string): HttpError {
  const message = `Choose a ring size for the ${name} before adding it to your cart`;
  return new HttpError(422, message, 'size_required', { selected_size: ['choose a ring size (or give a custom_size)'] });
}

/** Splits the two ids of a build-your-own add into the setting and the diamond. */
export function splitPair(records: ItemRecord[]): { setting: ProductItemRecord; diamond: DiamondRecord } {
  const setting = records.find((r): r is ProductItemRecord => r.kind === 'product');
  const diamond = records.find((r): r is DiamondRecord => r.kind === 'diamond');
  if (!setting || !diamond)
    throw badRequest('ids: build-your-own takes one setting and one diamond', { ids: ['build-your-own takes one setting and one diamond'] });
  return { setting, diamond };
}

/** The lines an add would insert, once every rule holds; the records read on the way. */
export async function planAdd(db: Db, add: CartAdd): Promise<{ lines: NewCartLine[]; records: Map<number, ItemRecord> }> {
  const records = await loadAll(db, add.ids);
  const base = { selected_size: add.selected_size ?? null, custom_size: add.custom_size ?? null, quantity: 1 };
  if (add.is_byo) {
    const { setting, diamond } = splitPair([...records.values()]);
    const { variant, size } = validateByoPair(setting, diamond, add);
    if (needsSize(setting, size)) throw sizeRequired(setting.product.name);
    const byo_id = randomUUID();
    const sizes = { selected_size: size.selected_size ?? null, custom_size: size.custom_size ?? null };
    return {
      records,
      lines: [
        { ...base, ...sizes, item_id: setting.id, variant_id: variant?.id ?? null, byo_id, selected_jewelry_shape: diamond.diamond.shape },
        { item_id: diamond.id, variant_id: null, byo_id, quantity: 1, selected_size: null, custom_size: null, selected_jewelry_shape: null },
      ],
    };
  }
  const record = records.get(add.ids[0]!)!;
  if (record.kind === 'diamond') {
    checkDiamond(record, add);
    return {
      records,
      lines: [{ item_id: record.id, variant_id: null, byo_id: null, quantity: 1, selected_size: null, custom_size: null, selected_jewelry_shape: null }],
    };
  }
  const variant = checkProduct(record, add);
  // A ring's size is checked and written one way ("7.5"); a piece without sizes keeps what was sent.
  const sizes = Number(record.product.has_ring_size) === 1 ? checkSize(add) : { selected_size: add.selected_size, custom_size: add.custom_size };
  if (needsSize(record, sizes)) throw sizeRequired(record.product.name);
  const written = { selected_size: sizes.selected_size ?? null, custom_size: sizes.custom_size ?? null };
  return {
    records,
    lines: [
      { ...base, ...written, item_id: record.id, variant_id: variant?.id ?? null, byo_id: null, selected_jewelry_shape: add.selected_jewelry_shape ?? null },
    ],
  };
}
