/**
 * Test-only helpers for the account suites: requests from a chosen loopback address (per-address rate
 * limits), and seeding customers, sessions and orders straight into a test server's database with Kysely
 * (orders are written by checkout, which is not built yet; seeded sessions spare a slow scrypt per test).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { uniqueCode, uniqueName } from './unique.ts';
import { openDatabase, type Connection } from '~/server/db/database.ts';
import { hashPassword, sha256 } from '~/server/accounts/crypto.ts';
import { answer, type Answer } from './http-client.ts';

/**
 * Like call(), but the connection comes from `localAddress` (any 127.x.y.z works on Linux loopback), which
 * fetch cannot choose; the answer goes through call()'s own parsing and OpenAPI check.
 */
export function callFrom<T = any>(
  localAddress: string,
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          answer<T>(base, method, url.href, res.statusCode ?? 0, h, text).then(resolve, reject);
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export { freshAddress } from './unique.ts';

export const uniqueEmail = (tag = 'shopper') => `${uniqueName(tag)}@example.com`;

const connections = new Map<string, Promise<Connection>>();

/** Kysely on the server's database (SQLite file or PostgreSQL), shared with the running server. */
export function testDb(databaseUrl: string) {
  let conn = connections.get(databaseUrl);
  if (!conn) connections.set(databaseUrl, (conn = openDatabase(databaseUrl)));
  return conn.then((c) => c.db);
}

export async function closeTestDbs(): Promise<void> {
  await Promise.all([...connections.values()].map(async (c) => (await c).close()));
  connections.clear();
}

const hashes = new Map<string, Promise<string>>();

export interface SeededCustomer {
  id: number;
  email: string;
  password: string;
  token: string;
  auth: Record<string, string>;
}

/** A customer with a password (hashed once per password per process) and a live session. */
export async function seedCustomer(
  databaseUrl: string,
  options: { password?: string | null; first_name?: string; email?: string } = {},
): Promise<SeededCustomer> {
  const db = await testDb(databaseUrl);
  const password = options.password === undefined ? 'correct horse battery' : options.password;
  let hash: Promise<string> | null = null;
  if (password !== null) {
    hash = hashes.get(password) ?? hashPassword(password);
    hashes.set(password, hash);
  }
  const now = new Date().toISOString();
  const email = options.email ?? uniqueEmail();
  const { id } = await db
    .insertInto('customers')
    .values({
      email,
      first_name: options.first_name ?? 'Ada',
      last_name: 'Lovelace',
      password_hash: hash ? await hash : null,
      is_verified: 0,
      created_at: now,
      updated_at: now,
      gender: null,
      phone: null,
      date_of_birth: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id: sha256(token), customer_id: id, created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 86400_000).toISOString() })
    .execute();
  return { id, email, password: password ?? '', token, auth: { authorization: `Bearer ${token}` } };
}

export interface SeedOrderOptions {
  status?: string;
  createdAt?: string;
  /**
   * Its payment deadline. An unpaid fixture keeps its status for the test (a far-off deadline) unless one
   * is given; `null` writes none, as a server from before migration 0011 did (the database then sets one).
   */
  paymentDueAt?: string | null;
  lines?: { qty: number; price_cents: number }[];
}

/** An order of this customer with lines for a real product and a real diamond of the demo seed. */
export async function seedOrder(databaseUrl: string, customerId: number, options: SeedOrderOptions = {}) {
  const db = await testDb(databaseUrl);
  const now = options.createdAt ?? new Date().toISOString();
  const product = await db
    .selectFrom('products')
    .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
    .select(['products.id', 'products.name', 'products.sku', 'product_variants.id as variant_id'])
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  const diamond = await db.selectFrom('diamonds').select(['id', 'sku', 'shape', 'carat']).orderBy('id').executeTakeFirstOrThrow();
  const cart = await db
    .insertInto('carts')
    .values({
      token: randomBytes(16).toString('hex'),
      customer_id: customerId,
      is_active: 0,
      store_credit_cents: 0,
      created_at: now,
      updated_at: now,
      coupon_code: null,
      billing_address: null,
      shipping_address: null,
      instructions: null,
      shipping_rate_id: null,
      payment_method: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = options.lines ?? [
    { qty: 1, price_cents: 125000 },
    { qty: 2, price_cents: 49999 },
  ];
  const subtotal = lines.reduce((s, l) => s + l.qty * l.price_cents, 0);
  const address = JSON.stringify({
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: 'New York',
    state: 'NY',
    country: 'US',
    postcode: '10001',
    phone: '+1 212 555 0100',
  });
  const order = await db
    .insertInto('orders')
    .values({
      increment_id: uniqueCode('T'),
      customer_id: customerId,
      email: 'order@example.com',
      status: options.status ?? 'processing',
      cart_id: cart.id,
      subtotal_cents: subtotal,
      discount_cents: 0,
      shipping_cents: 2500,
      store_credit_cents: 0,
      grand_total_cents: subtotal + 2500,
      coupon_code: null,
      shipping_method: 'Insured express',
      payment_method: 'card',
      billing_address: address,
      shipping_address: address,
      instructions: null,
      payment_token: null,
      created_at: now,
      updated_at: now,
      ...(options.paymentDueAt !== null
        ? { payment_due_at: options.paymentDueAt ?? (['pending', 'pending_payment'].includes(options.status ?? '') ? '2999-01-01T00:00:00.000Z' : null) }
        : {}),
    })
    .returning(['id', 'increment_id'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      lines.map((l, i) => ({
        order_id: order.id,
        item_id: i === 0 ? product.id : diamond.id,
        variant_id: i === 0 ? product.variant_id : null,
        byo_id: null,
        name: i === 0 ? product.name : `${diamond.carat} ct ${diamond.shape} diamond`,
        sku: i === 0 ? product.sku : diamond.sku,
        qty_ordered: l.qty,
        price_cents: l.price_cents,
        options: '{}',
      })),
    )
    .execute();
  return { id: order.id, increment_id: order.increment_id, grand_total_cents: subtotal + 2500 };
}
