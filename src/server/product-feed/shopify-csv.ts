/**
 * Shopify's product CSV, read as it streams in (csv-parse): the header names Shopify's columns, each
 * record is one row with the line it starts on, and consecutive rows of one Handle are handed on
 * together as one product (Shopify writes a product's variant and image rows one after the other).
 * Columns are matched by name, in any order and case; Shopify's other columns (Variant Grams, Google
 * Shopping …) are read past and named in the summary as not imported.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** The columns the shop reads and writes, in the order an export writes them (Shopify's order). */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Variant Image',
  'Status',
  'SEO Title',
  'SEO Description',
] as const;
export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number];
/** Without these the file is not a product CSV. */
const REQUIRED: ShopifyColumn[] = ['Handle', 'Variant Price'];

export type ShopifyRow = Partial<Record<ShopifyColumn, string>>;

export interface ShopifyRecord {
  line: number;
  row: ShopifyRow;
}

export interface ShopifyProductRows {
  handle: string;
  records: ShopifyRecord[];
}

export class ProductFileError extends Error {}

/** A product's record longer than this is refused (a Body (HTML) of 256 KB is far beyond any real description). */
const MAX_RECORD_CHARS = 256 * 1024;

const norm = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
const KNOWN = new Map(SHOPIFY_COLUMNS.map((c) => [norm(c), c] as const));

export interface ShopifyHeader {
  columns: (ShopifyColumn | undefined)[];
  /** Columns of the file the shop does not import, as the file names them. */
  ignored: string[];
}

export function readHeader(names: string[]): ShopifyHeader {
  const columns = names.map((n) => KNOWN.get(norm(n)));
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length)
    throw new ProductFileError(`Not a Shopify product CSV: missing column${missing.length > 1 ? 's' : ''} ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
  return { columns, ignored: names.filter((n, i) => !columns[i] && n.trim()).map((n) => n.trim()) };
}

/** The products of a file, each with its rows; `onHeader` is told the columns once read. */
export async function* readShopifyProducts(
  input: AsyncIterable<Uint8Array | string>,
  onHeader: (h: ShopifyHeader) => void,
): AsyncGenerator<ShopifyProductRows> {
  const parser = Readable.from(input).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: MAX_RECORD_CHARS }),
  );
  let header: ShopifyHeader | undefined;
  let current: ShopifyProductRows | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; raw?: string } & Record<string, unknown> }>) {
      if (!header) {
        header = readHeader(record);
        onHeader(header);
        continue;
      }
      const row: ShopifyRow = {};
      header.columns.forEach((c, i) => {
        if (c && record[i] !== undefined) row[c] = record[i]!.trim();
      });
      const line = Number((info as { lines: number }).lines) - countBreaks(record);
      const handle = (row.Handle ?? '').toLowerCase();
      if (current && current.handle === handle) current.records.push({ line, row });
      else {
        if (current) yield current;
        current = { handle, records: [{ line, row }] };
      }
    }
  } catch (error) {
    if (error instanceof ProductFileError) throw error;
    const e = error as { code?: string; lines?: number; message: string };
    if (e.code?.startsWith('CSV_')) throw new ProductFileError(`The file is not a readable CSV${e.lines ? ` (line ${e.lines})` : ''}: ${e.message}`);
    throw error;
  }
  if (!header) throw new ProductFileError('The file is empty: a Shopify product CSV starts with its header row');
  if (current) yield current;
}

/** Line breaks inside a record's quoted fields: its first line is the last line read less these. */
function countBreaks(record: string[]): number {
  let n = 0;
  for (const field of record) for (let i = field.indexOf('\n'); i !== -1; i = field.indexOf('\n', i + 1)) n++;
  return n;
}
