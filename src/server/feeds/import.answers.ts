/**
 * The diamond import's query and answer as zod schemas: the route parses its query with them, the
 * importer's summary type is inferred from them, and the OpenAPI document describes them.
 */
import { z } from 'zod';

export const SOURCE_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,63}$/i;

/** `?replace`, `?replace=true|1|yes` or `=false|0|no`, in any case; absent is false. */
const flag = z
  .string()
  .regex(/^(|1|true|yes|0|false|no)$/i, 'must be true or false')
  .optional()
  .transform((v) => v !== undefined && !/^(0|false|no)$/i.test(v));

export const importQuerySchema = z.object({
  replace: flag.describe('Delist every available stone of this source that the file does not name'),
  dry_run: flag.describe('Check and count every row, write nothing'),
  source: z
    .string()
    .regex(SOURCE_PATTERN, 'letters, digits, dots, dashes or underscores (at most 64)')
    .default('default')
    .describe('The feed this file belongs to; --replace delists only within it'),
});

export const rejectionSchema = z.object({
  line: z.number().int().describe('The line of the file the row starts on'),
  stock_number: z.string().nullable(),
  reasons: z.array(z.string()).describe('Every reason the row was refused'),
});

export const importSummarySchema = z.object({
  source: z.string(),
  dry_run: z.boolean(),
  replace: z.boolean(),
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  delisted: z.number().int(),
  rejected: z.number().int(),
  skipped: z.number().int().describe('Rows naming a reserved or sold stone, left as its order has it'),
  rejections: z.array(rejectionSchema).describe('The first 100 rejected rows, in file order (every one: `--rejects FILE`, or `Accept: text/csv`)'),
  unknown_columns: z.array(z.string()).describe("The header's columns the importer does not read, as the file names them"),
  ms: z.number(),
});
