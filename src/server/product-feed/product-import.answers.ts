/** The product import's query and answer as zod schemas (route, importer and OpenAPI document alike). */
import { z } from 'zod';

const flag = z
  .string()
  .regex(/^(|1|true|yes|0|false|no)$/i, 'must be true or false')
  .optional()
  .transform((v) => v !== undefined && !/^(0|false|no)$/i.test(v));

export const productImportQuerySchema = z.object({
  replace: flag.describe('Take off sale every product on sale that the file does not name'),
  dry_run: flag.describe('Read and check every row and photograph, write nothing'),
});

export const productRejectionSchema = z.object({
  line: z.number().int().describe('The line of the file the row starts on'),
  handle: z.string().nullable(),
  reasons: z.array(z.string()).describe('Every reason the row was refused'),
});

export const productImportSummarySchema = z.object({
  dry_run: z.boolean(),
  replace: z.boolean(),
  read: z.number().int().describe('Rows read (variant and photograph rows)'),
  products: z.number().int().describe('Products (handles) read'),
  inserted: z.number().int().describe('Products new to the shop'),
  updated: z.number().int(),
  unchanged: z.number().int(),
  delisted: z.number().int().describe('Products taken off sale by replace'),
  rejected: z.number().int().describe('Rows not imported: every row of a product with a refused row'),
  photos: z.number().int().describe('Photographs processed (new to the shop)'),
  ignored_columns: z.array(z.string()).describe("Columns of the file the shop does not import (Shopify's others)"),
  rejections: z.array(productRejectionSchema).describe('Every refused row, in file order'),
  ms: z.number(),
});

export type ProductImportSummary = z.output<typeof productImportSummarySchema>;
