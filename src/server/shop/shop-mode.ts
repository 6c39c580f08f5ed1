/**
 * Demo shop or real shop. The database says which it holds: the demo seed marks it (`shop_settings`
 * demo = '1', migration 0020), and every app server reads the mark once it is ready (src/server/runtime/boot.ts),
 * so that the page's shop configuration reports it as `app_demo` (the specification's demo flag).
 *
 * Whether a start seeds the demo into an empty database is the operator's choice (`demoRequested`):
 * `SHOP_DEMO=1` yes, `SHOP_DEMO=0` no; unset, a production start (`NODE_ENV=production`, as
 * docs/deploy.md runs it) starts with an empty catalogue and anything else (the README's first command)
 * is the demo shop.
 */
import { env } from '~/server/config/env.ts';
import type { Db } from '~/server/db/database.ts';

let demo = false;

/** The demo flag of this app server's database (false until the server is ready). */
export function isDemoShop(): boolean {
  return demo;
}

/** Reads the database's demo mark into this process (called by whenReady). */
export async function loadShopMode(db: Db): Promise<boolean> {
  const row = await db.selectFrom('shop_settings').select('value').where('name', '=', 'demo').executeTakeFirst();
  demo = row?.value === '1';
  return demo;
}

/** Marks the database as the demo shop (the demo seed does, in the transaction that writes its coupons). */
export async function markDemoShop(db: Db): Promise<void> {
  await db.deleteFrom('shop_settings').where('name', '=', 'demo').execute();
  await db.insertInto('shop_settings').values({ name: 'demo', value: '1' }).execute();
}

export class ShopDemoError extends Error {}

/** SHOP_DEMO=1 / 0 decide; unset, every start but a production one (NODE_ENV=production) is the demo. */
export function demoRequested(source: NodeJS.ProcessEnv = process.env): boolean {
  const value = source.SHOP_DEMO?.trim();
  if (value === '1') return true;
  if (value === '0') return false;
  // Not env('SHOP_DEMO')'s quiet default: a start told something else than 1 or 0 stops, as it must not guess.
  if (value) throw new ShopDemoError(`SHOP_DEMO must be 1 (seed the demo shop into an empty database) or 0 (never), not ${JSON.stringify(source.SHOP_DEMO)}`);
  return env('NODE_ENV', source) !== 'production';
}
