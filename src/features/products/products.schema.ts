/** The contract of `GET {api}/products` and `GET {api}/products/{id}` as zod (server-side parsing). */
import { z } from 'zod';
import { METAL_CODES } from './metals.ts';
import { SHAPES } from '~/features/diamonds/grades.ts';
import { PRODUCT_SORTS } from './product.ts';
import { jsonParam, pageNumber, pageSize, rangeSchema } from '~/features/diamonds/diamonds.schema.ts';
import { SORT_DIRECTIONS } from '~/features/diamonds/diamond-query.ts';

const list = <T extends z.ZodType<string>>(one: T) => z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(one, 'must be a list').max(50));
const style = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a style code such as halo');

export const productFiltersSchema = z.strictObject({
  metal: list(z.enum(METAL_CODES, `must be one of ${METAL_CODES.join(', ')}`)).optional(),
  price: rangeSchema.optional(),
  style: list(style).optional(),
  shape: list(z.enum(SHAPES, `must be one of ${SHAPES.join(', ')}`)).optional(),
  // A centre diamond's weight: only settings whose carat range holds it (build-your-own, diamond first).
  carat: z.coerce.number('must be a carat weight such as 1.02').positive('must be a carat weight above 0').max(100, 'must be at most 100').optional(),
});

const flag = z.enum(['1', '0', 'true', 'false'], 'must be true or false').transform((v) => v === '1' || v === 'true');

export const productQuerySchema = z.object({
  page_number: pageNumber.default(1),
  page_size: pageSize(100).default(24),
  sort_by: z.enum(PRODUCT_SORTS).default('price'),
  sort_direction: z.enum(SORT_DIRECTIONS).optional(),
  // One id, or several separated by commas (a listing such as "Fine Jewellery" spans categories).
  category_id: z
    .string()
    .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9}){0,49}\s*$/, 'must be a category id or a comma-separated list of them')
    .transform((v) => v.split(',').map(Number))
    .optional(),
  product_filters: jsonParam(productFiltersSchema).default({}),
  is_byo: flag.optional(),
});

export const productDetailQuerySchema = z.object({
  js: z.enum(SHAPES, 'must be a diamond shape such as oval').optional(),
});

export const PRODUCT_QUERY_PARAMS = ['page_number', 'page_size', 'sort_by', 'sort_direction', 'category_id', 'product_filters', 'is_byo'];
