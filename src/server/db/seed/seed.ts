/**
 * The deterministic demo seed: categories, metals, products with variants, coupons and N diamonds.
 * Same seed, same shop, on every machine and on both databases.
 */
import { sql } from 'kysely';
import type { Connection, Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import { CATEGORIES, METALS, PRODUCTS, describe, slugify } from './catalog.ts';
import { generateDiamond } from './diamonds.ts';
import { createRng } from './random.ts';
import { markDemoShop } from '~/server/shop/shop-mode.ts';
import { DEMO_COUPONS } from './coupons.ts';

export const SEED = 0x5eed_2026;
const BATCH = 500;

export interface SeedOptions {
  diamonds: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
  products: number;
  variants: number;
  diamonds: number;
  ms: number;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seed(conn: Connection, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const { db } = conn;
  const now = new Date().toISOString();
  const { products, variants } = await db.transaction().execute((trx) => seedCatalog(trx, now));
  await seedDiamonds(db, options, now);
  // Any app server already running on this database rebuilds its index (a null change).
  await db.insertInto('catalog_changes').values({ diamond_id: null }).execute();
  if (!isSqlite(db)) {
    // Ids were given explicitly; move the identity on past them.
    await sql`select setval(pg_get_serial_sequence('items', 'id'), (select max(id) from items))`.execute(db);
  }
  return { products, variants, diamonds: options.diamonds, ms: Math.round(performance.now() - started) };
}

async function seedCatalog(db: Db, now: string) {
  await db
    .insertInto('metals')
    .values(METALS.map(({ factor: _factor, ...m }) => m))
    .execute();
  const categoryIds = new Map<string, number>();
  for (const [position, c] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('categories')
      .values({ ...c, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(c.slug, row.id);
  }
  let variants = 0;
  for (const [index, p] of PRODUCTS.entries()) {
    const id = index + 1;
    await db
      .insertInto('items')
      .values({ id, kind: 'product' } as never)
      .execute();
    const prices = METALS.flatMap((m) => p.ctw.map((ctw) => ({ metal: m, ctw, cents: Math.round((p.base + ctw * (p.perCarat ?? 0)) * m.factor) * 100 })));
    const sku = `P-${String(id).padStart(4, '0')}`;
    await db
      .insertInto('products')
      .values({
        id,
        sku,
        slug: slugify(p.name),
        name: p.name,
        description: describe(p),
        category_id: categoryIds.get(p.category)!,
        status: 1,
        price_cents: Math.min(...prices.map((v) => v.cents)),
        style: p.style,
        is_byo: p.accepts ? 1 : 0,
        accepted_shapes: JSON.stringify(p.accepts ?? []),
        carat_min: p.carat?.[0] ?? null,
        carat_max: p.carat?.[1] ?? null,
        has_ring_size: p.ringSize ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('product_variants')
      .values(
        prices.map((v) => ({
          product_id: id,
          sku: `${sku}-${v.metal.code.toUpperCase()}-${Math.round(v.ctw * 100)}`,
          metal_code: v.metal.code,
          metal_position: v.metal.position,
          metal_show_in_products_list: p.hideInList?.includes(v.metal.code) ? 0 : 1,
          total_carat_weight: v.ctw,
          price_cents: v.cents,
          status: 1,
        })),
      )
      .execute();
    await db
      .insertInto('product_attributes')
      .values([
        { product_id: id, code: 'style', value: p.style },
        { product_id: id, code: 'design', value: p.design },
        ...(p.accepts ?? []).map((shape) => ({ product_id: id, code: 'shape', value: shape })),
      ])
      .execute();
    variants += prices.length;
  }
  await db
    .insertInto('coupons')
    .values(
      DEMO_COUPONS.map(({ offer: _offer, per_customer_limit, ...c }) => ({
        ...c,
        ...(per_customer_limit ? { per_customer_limit } : {}),
        times_used: 0,
        is_active: 1,
        created_at: now,
      })),
    )
    .execute();
  // The demo's coupons and fake stones make this the demo shop, whatever NODE_ENV the servers run with.
  await markDemoShop(db);
  return { products: PRODUCTS.length, variants };
}

async function seedDiamonds(db: Db, { diamonds: total, onProgress }: SeedOptions, now: string) {
  const rng = createRng(SEED);
  const first = PRODUCTS.length + 1;
  // Large transactions keep SQLite's fsyncs few; batches keep each statement under the parameter limit.
  const perTransaction = BATCH * 40;
  for (let start = 0; start < total; start += perTransaction) {
    const end = Math.min(total, start + perTransaction);
    await db.transaction().execute(async (trx) =>
      withoutInsertLog(trx, async () => {
        for (let from = start; from < end; from += BATCH) {
          const rows = [];
          for (let i = from; i < Math.min(end, from + BATCH); i++) rows.push(generateDiamond(rng, i, first + i, now));
          await trx
            .insertInto('items')
            .values(rows.map((r) => ({ id: r.id, kind: 'diamond' }) as never))
            .execute();
          await trx.insertInto('diamonds').values(rows).execute();
        }
      }),
    );
    onProgress?.(end, total);
  }
}

/**
 * The seed fills a database it has just erased, whose index every app server builds from scratch: the
 * log of inserts (migration 0009) is not written for its own stones, which keeps a million-stone seed
 * as fast as before. The insert trigger is off inside the seed's transaction only, and on again before
 * it commits; a writer in another session waits meanwhile (SQLite's write lock; PostgreSQL's lock on
 * the table, which ALTER TABLE takes) and is logged as always.
 */
async function withoutInsertLog(trx: Db, work: () => Promise<void>): Promise<void> {
  if (isSqlite(trx)) {
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = 'diamonds_logged_insert'`.execute(trx);
    await sql`drop trigger diamonds_logged_insert`.execute(trx);
    await work();
    await sql.raw(rows[0]!.sql).execute(trx);
    return;
  }
  await sql`alter table diamonds disable trigger diamonds_logged_insert`.execute(trx);
  await work();
  await sql`alter table diamonds enable trigger diamonds_logged_insert`.execute(trx);
}
