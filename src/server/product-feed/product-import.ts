/**
 * The product import, shared by `npm run import:products` and POST /api/admin/products/import:
 * a Shopify product CSV streams in; each product's rows are read and checked together (product-draft.ts),
 * its photographs fetched or read and processed once (photo-source.ts), and the product written whole in
 * one transaction, or not at all: a product with any refused row is reported (every row of it, with the
 * line and reasons) and nothing of it is written.
 *
 * - A product is known by its Handle: a handle already in the shop updates that product in place (same
 *   id and address); one that imports the same as last time is counted unchanged and not written.
 * - `replace` takes off sale every product on sale that the file does not name (never deletes: carts,
 *   wishlists and orders keep their rows).
 * - `dryRun` reads and checks everything (photographs too), writes nothing, and reports what would happen.
 */
import type { Db } from '~/server/db/database.ts';
import { mailImportFailed } from '~/server/feeds/import-failed-mail.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { readShopifyProducts, type ShopifyProductRows } from './shopify-csv.ts';
import { draftDigest, readProduct, type ProductDraft } from './product-draft.ts';
import { PhotoSources, type ResolvedPhoto } from './photo-source.ts';
import { PhotoError } from './photo-store.ts';
import { productByHandle, productsOnSaleNotIn, skusHeldElsewhere, takeOffSale, writeProduct } from './product-import.repository.ts';
import type { ProductImportSummary } from './product-import.answers.ts';

export interface ProductImportOptions {
  replace?: boolean;
  dryRun?: boolean;
  /** The folder Image Src file names are read from (the CSV's); unset over HTTP. */
  baseDir?: string;
  onProgress?: (summary: ProductImportSummary) => void;
}

export type { ProductImportSummary };

class Refused extends Error {
  constructor(readonly lines: { line: number; reasons: string[] }[]) {
    super('refused');
  }
}

export async function importProducts(db: Db, input: AsyncIterable<Uint8Array | string>, options: ProductImportOptions = {}): Promise<ProductImportSummary> {
  try {
    return await run(db, input, options);
  } catch (error) {
    if (!options.dryRun) mailImportFailed('product', 'a Shopify CSV file', error);
    throw error;
  }
}

async function run(db: Db, input: AsyncIterable<Uint8Array | string>, options: ProductImportOptions): Promise<ProductImportSummary> {
  const started = performance.now();
  const dryRun = options.dryRun ?? false;
  const summary: ProductImportSummary = {
    dry_run: dryRun,
    replace: options.replace ?? false,
    read: 0,
    products: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    delisted: 0,
    rejected: 0,
    photos: 0,
    ignored_columns: [],
    rejections: [],
    ms: 0,
  };
  const sources = new PhotoSources({ baseDir: options.baseDir, dryRun });
  /** Handles read, with the line of their first row. */
  const handles = new Map<string, number>();
  /** Variant SKUs the file has given, with their product's handle (a dry run writes none, so checks here). */
  const fileSkus = new Map<string, string>();

  const refuse = (group: ShopifyProductRows, bad: { line: number; reasons: string[] }[]) => {
    const handle = group.handle || null;
    const byLine = new Map(bad.map((b) => [b.line, b.reasons]));
    const firstBad = bad[0]?.line;
    for (const { line } of group.records) {
      const reasons = byLine.get(line) ?? [`not imported: the product ${handle ?? '(no handle)'} has a refused row (line ${firstBad})`];
      summary.rejections.push({ line, handle, reasons });
      summary.rejected++;
    }
  };

  for await (const group of readShopifyProducts(input, (h) => (summary.ignored_columns = h.ignored))) {
    summary.read += group.records.length;
    summary.products++;
    const first = group.records[0]!.line;
    const earlier = handles.get(group.handle);
    if (group.handle && earlier !== undefined) {
      refuse(group, [{ line: first, reasons: [`the handle ${group.handle} was read before (line ${earlier}): a product's rows follow each other`] }]);
      continue;
    }
    if (group.handle) handles.set(group.handle, first);
    const result = readProduct(group);
    if ('rejected' in result) {
      refuse(group, result.rejected);
      continue;
    }
    try {
      await importOne(db, result.draft, sources, fileSkus, dryRun, summary);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      refuse(group, error.lines);
    }
    options.onProgress?.(summary);
  }

  if (options.replace) {
    const gone = await productsOnSaleNotIn(db, new Set(handles.keys()));
    if (!dryRun) await writeTransaction(db, (trx) => takeOffSale(trx, gone, new Date().toISOString()));
    summary.delisted = gone.length;
  }
  summary.photos = sources.processed;
  summary.rejections.sort((a, b) => a.line - b.line);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

async function importOne(
  db: Db,
  draft: ProductDraft,
  sources: PhotoSources,
  fileSkus: Map<string, string>,
  dryRun: boolean,
  summary: ProductImportSummary,
): Promise<void> {
  const bad: { line: number; reasons: string[] }[] = [];
  for (const v of draft.variants) {
    const other = fileSkus.get(v.sku);
    if (other && other !== draft.handle) bad.push({ line: v.line, reasons: [`Variant SKU ${v.sku} belongs to the product ${other} earlier in the file`] });
  }
  // Photographs first, outside any transaction: fetching and processing take seconds.
  const photos: ResolvedPhoto[] = [];
  for (const p of draft.photos) {
    try {
      photos.push(await sources.resolve(p.src));
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error;
      bad.push({ line: p.line, reasons: [`Image Src ${p.src}: ${error.message}`] });
    }
  }
  if (bad.length) throw new Refused(bad);
  const hash = draftDigest(
    draft,
    photos.map((p) => p.photo),
  );
  const work = async (trx: Db) => {
    const known = await productByHandle(trx, draft.handle);
    const held = await skusHeldElsewhere(
      trx,
      draft.variants.map((v) => v.sku),
      known?.id,
    );
    const taken = draft.variants
      .filter((v) => held.has(v.sku))
      .map((v) => ({ line: v.line, reasons: [`Variant SKU ${v.sku} belongs to the product ${held.get(v.sku)}`] }));
    if (taken.length) throw new Refused(taken);
    if (known?.import_hash === hash) return 'unchanged' as const;
    if (!dryRun) await writeProduct(trx, draft, photos, known, hash, new Date().toISOString());
    return known ? ('updated' as const) : ('inserted' as const);
  };
  const outcome = dryRun ? await work(db) : await writeTransaction(db, work);
  for (const v of draft.variants) fileSkus.set(v.sku, draft.handle);
  summary[outcome]++;
}
