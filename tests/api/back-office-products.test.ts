/**
 * The back office's product editor, on SQLite and PostgreSQL: staff change a product's
 * name, description (sanitised as the import sanitises it), sale and photos, and owners and managers its
 * prices; an editor gets 403 on prices. Each change is in the activity record with before and after, and
 * the shop's product page, listing and search show it at once. Bad input answers 4xx naming the field
 * (413 for a photo over the limit), and nothing of a refused change is written.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, call, type Answer } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { closeTestDbs, testDb, uniqueEmail } from '../support/accounts.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { page, seedStaff } from '../support/staff.ts';
import { uniqueName } from '../support/unique.ts';
import { declaredAnswer } from '../support/endpoint-client.ts';
import { productEditorEndpoints } from '~/server/products/product-editor.endpoints.ts';

vi.setConfig({ testTimeout: 300_000 });
afterAll(closeTestDbs);

const token = { authorization: `Bearer ${ADMIN_TOKEN}` };
const HEADER = ['Handle', 'Title', 'Body (HTML)', 'Type', 'Tags', 'Option1 Name', 'Option1 Value', 'Variant SKU', 'Variant Price', 'Variant Compare At Price'];
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A necklace of the shop's own, new to this test, imported as an operator imports one (two metals); its id and variants by metal. */
async function necklace(url: string, databaseUrl: string) {
  const name = uniqueName('Editor Pendant');
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const sku = handle.toUpperCase();
  const rows = [
    [handle, name, '<p>A pendant to edit.</p>', 'Necklaces', 'style:solitaire', 'Metal', '14K White Gold', `${sku}-WG`, '890', '990'],
    [handle, '', '', '', '', '', 'Platinum', `${sku}-PT`, '1290', ''],
  ];
  const csv = [HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
  const res = await fetch(`${url}/api/admin/products/import`, { method: 'POST', headers: { ...token, 'content-type': 'text/csv' }, body: csv });
  const summary = await res.json();
  expect(summary, JSON.stringify(summary)).toMatchObject({ inserted: 1, rejected: 0 });
  const db = await testDb(databaseUrl);
  const { id } = await db.selectFrom('products').select('id').where('slug', '=', handle).executeTakeFirstOrThrow();
  const variants = await db.selectFrom('product_variants').select(['id', 'metal_code', 'price_cents']).where('product_id', '=', id).execute();
  const variant = (metal: string) => Number(variants.find((v) => v.metal_code === metal)!.id);
  return { id: Number(id), name, handle, whiteGold: variant('14k_white_gold'), platinum: variant('platinum') };
}

/** A picture as a camera would send it: a gold circle on a coloured ground. */
async function picture(format: 'png' | 'jpeg' | 'webp', colour: string, width = 480, height = 400): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#d4af37"/></svg>`,
      ),
    },
  ]);
  return (format === 'png' ? img.png() : format === 'webp' ? img.webp() : img.jpeg({ quality: 90 })).toBuffer();
}

/** POST /api/admin/products/{id}/photos as a script or a browser sends a form, the answer held to the OpenAPI document. */
async function upload(url: string, id: number, bytes: Buffer, headers: Record<string, string>, name = 'photo.png', alt?: string): Promise<Answer> {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  if (alt !== undefined) form.set('alt', alt);
  const path = `/api/admin/products/${id}/photos`;
  const res = await fetch(url + path, { method: 'POST', body: form, headers });
  return answer(url, 'POST', url + path, res.status, res.headers, await res.text());
}

const text = async (url: string, path: string) => (await fetch(url + path)).text();

// Its own shop per database: the pieces it imports and edits (names, sale, prices) must not change the
// shared demo shop other suites count.
describe.each(DB_KINDS.map((kind) => ({ kind })))('the product editor on $kind', ({ kind }) => {
  let server: TestServer | undefined;
  let url = '';
  let databaseUrl = '';
  beforeAll(async () => {
    server = await startServer(kind, { diamonds: 50, env: { ADMIN_TOKEN } });
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lets an editor change texts and photos but not prices, a manager prices; the menu and pages follow the roles', async () => {
    const [editor, manager] = await Promise.all([
      seedStaff(databaseUrl, uniqueEmail('editor'), 'editor'),
      seedStaff(databaseUrl, uniqueEmail('manager'), 'manager'),
    ]);
    const p = await necklace(url, databaseUrl);
    const path = `/api/admin/products/${p.id}`;

    const read = declaredAnswer(productEditorEndpoints.get, await call(url, 'GET', path, undefined, { cookie: editor.cookie }));
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: p.id, name: p.name, on_sale: true, price_cents: 89000, body_html: '<p>A pendant to edit.</p>' });
    expect(read.body.data.variants.map((v) => [v.id, v.price_cents])).toEqual([
      [p.whiteGold, 89000],
      [p.platinum, 129000],
    ]);

    const renamed = `${p.name} II`;
    const texts = await call(
      url,
      'PATCH',
      path,
      {
        name: `  ${renamed} `,
        description: '<p>New <b>words</b> <a href="https://example.com/care" onclick="x()">care</a></p><script>alert(1)</script><img src=x>',
      },
      { cookie: editor.cookie },
    );
    expect(texts.status, JSON.stringify(texts.body)).toBe(200);
    expect(texts.body.message).toBe(`Saved ${renamed}: name, description`);
    expect(texts.body.data).toMatchObject({
      name: renamed,
      // As the import sanitises Body (HTML): the script, the picture and the handler are gone.
      body_html: '<p>New <b>words</b> <a href="https://example.com/care">care</a></p>',
      description: 'New words care',
    });

    // Prices are the owners' and managers': an editor's change of them is refused whole, with its other fields.
    const refused = await call(url, 'PATCH', path, { name: 'Not this', prices: [{ variant_id: p.whiteGold, price: 1 }] }, { cookie: editor.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', errors: { prices: ['Only an owner or a manager can change prices'] } });
    const priced = await call(url, 'PATCH', path, { prices: [{ variant_id: p.whiteGold, price: '1,234.50' }] }, { cookie: manager.cookie });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.data.name).toBe(renamed);
    expect(priced.body.data.variants[0]).toMatchObject({ id: p.whiteGold, price: 1234.5, price_cents: 123450 });
    // The product's price is its cheapest variant's.
    expect(priced.body.data.price_cents).toBe(123450);
    const byToken = await call(url, 'PATCH', path, { prices: [{ variant_id: p.platinum, price: 1190 }], on_sale: false }, token);
    expect(byToken.status).toBe(200);
    expect(byToken.body.data).toMatchObject({ on_sale: false, price_cents: 119000, formated_price: '$1,190.00' });
    expect((await call(url, 'PATCH', path, { on_sale: true }, { cookie: editor.cookie })).body.data.on_sale).toBe(true);

    // The screens: Products in every role's menu; an editor sees prices, a manager edits them.
    for (const cookie of [editor.cookie, manager.cookie]) {
      const home = await page(url, '/admin', cookie);
      expect(home.body).toContain('href="/admin/products"');
      const list = await page(url, `/admin/products?q=${encodeURIComponent(p.handle)}`, cookie);
      expect(list.status).toBe(200);
      expect(list.body).toContain('1 product found');
      expect(list.body).toContain(`href="/admin/products/${p.id}"`);
    }
    const editorScreen = await page(url, `/admin/products/${p.id}`, editor.cookie);
    expect(editorScreen.status).toBe(200);
    expect(editorScreen.body).toContain('data-prices-read-only');
    expect(editorScreen.body).not.toContain(`name="price_${p.whiteGold}"`);
    expect(editorScreen.body).toContain('$1,234.50');
    const managerScreen = await page(url, `/admin/products/${p.id}`, manager.cookie);
    expect(managerScreen.body).toContain(`name="price_${p.whiteGold}"`);
    expect(managerScreen.body).toContain('value="1234.50"');

    // The form: an editor saves texts; a price field smuggled into an editor's post is refused whole.
    const form = { _action: 'save', name: renamed, description: '<p>Worn close to the heart.</p>', on_sale: '1' };
    const saved = await page(url, `/admin/products/${p.id}`, editor.cookie, form);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/admin/products/${p.id}?notice=product-saved`);
    expect((await page(url, saved.location!, editor.cookie)).body).toContain('The product has been saved. The shop shows it now.');
    const smuggled = await page(url, `/admin/products/${p.id}`, editor.cookie, {
      ...form,
      name: 'Smuggled',
      [`price_${p.whiteGold}`]: '1.00',
      [`price_${p.platinum}`]: '1.00',
    });
    expect(smuggled.status).toBe(403);
    expect(smuggled.body).toContain('Only an owner or a manager can change prices');
    const managerForm = await page(url, `/admin/products/${p.id}`, manager.cookie, {
      ...form,
      [`price_${p.whiteGold}`]: '1234.50',
      [`price_${p.platinum}`]: '1,390',
    });
    expect(managerForm.location).toBe(`/admin/products/${p.id}?notice=product-saved`);
    const unchanged = await page(url, `/admin/products/${p.id}`, manager.cookie, {
      ...form,
      [`price_${p.whiteGold}`]: '1234.50',
      [`price_${p.platinum}`]: '1390.00',
    });
    expect(unchanged.location).toBe(`/admin/products/${p.id}?notice=product-unchanged`);
    const db = await testDb(databaseUrl);
    const row = await db.selectFrom('products').select(['name', 'body_html', 'price_cents', 'import_hash']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: renamed, body_html: '<p>Worn close to the heart.</p>', price_cents: 123450, import_hash: null });
    expect(Number((await db.selectFrom('product_variants').select('price_cents').where('id', '=', p.platinum).executeTakeFirstOrThrow()).price_cents)).toBe(
      139000,
    );
  });

  it('keeps every change in the activity record with who, before and after', async () => {
    const [editor, manager] = await Promise.all([
      seedStaff(databaseUrl, uniqueEmail('editor'), 'editor'),
      seedStaff(databaseUrl, uniqueEmail('manager'), 'manager'),
    ]);
    const p = await necklace(url, databaseUrl);
    const path = `/api/admin/products/${p.id}`;
    expect((await call(url, 'PATCH', path, { name: `${p.name} Renamed` }, { cookie: editor.cookie })).status).toBe(200);
    expect((await call(url, 'PATCH', path, { prices: [{ variant_id: p.platinum, price: 1350.25 }] }, { cookie: manager.cookie })).status).toBe(200);
    // The same again changes nothing, and records nothing.
    const again = await call(url, 'PATCH', path, { prices: [{ variant_id: p.platinum, price: 1350.25 }] }, { cookie: manager.cookie });
    expect(again.body.message).toBe('Nothing changed');
    const added = await upload(url, p.id, await picture('png', '#1b2a4a'), { cookie: editor.cookie });
    expect(added.status).toBe(201);
    const photo = added.body.data.photos[0];
    expect((await call(url, 'DELETE', `${path}/photos/${photo.id}`, undefined, token)).status).toBe(200);

    const db = await testDb(databaseUrl);
    const rows = await db
      .selectFrom('staff_activity')
      .select(['actor', 'action', 'summary', 'before', 'after'])
      .where('subject_type', '=', 'product')
      .where('subject_id', '=', String(p.id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.actor, r.action])).toEqual([
      [editor.email, 'product.edit'],
      [manager.email, 'product.edit'],
      [editor.email, 'product.photo_add'],
      ['ADMIN_TOKEN', 'product.photo_remove'],
    ]);
    expect(rows[0]!.summary).toBe(`Edited product ${p.name} Renamed (name)`);
    expect([JSON.parse(rows[0]!.before!), JSON.parse(rows[0]!.after!)]).toEqual([{ name: p.name }, { name: `${p.name} Renamed` }]);
    const sku = `${p.handle.toUpperCase()}-PT`;
    expect([JSON.parse(rows[1]!.before!), JSON.parse(rows[1]!.after!)]).toEqual([{ prices: { [sku]: 129000 } }, { prices: { [sku]: 135025 } }]);
    expect([JSON.parse(rows[2]!.before!).photos, JSON.parse(rows[2]!.after!).photos]).toEqual([[], [photo.photo]]);
    expect([JSON.parse(rows[3]!.before!).photos, JSON.parse(rows[3]!.after!).photos]).toEqual([[photo.photo], []]);
    // The activity screen shows them.
    const owner = await seedStaff(databaseUrl, uniqueEmail('owner'), 'owner');
    expect((await page(url, '/admin/activity', owner.cookie)).body).toContain(`Edited product ${p.name} Renamed (name)`);
  });

  it('shows a new name, price and photo on the product page, in the listing and in search at once', async () => {
    const [editor, manager] = await Promise.all([
      seedStaff(databaseUrl, uniqueEmail('editor'), 'editor'),
      seedStaff(databaseUrl, uniqueEmail('manager'), 'manager'),
    ]);
    const p = await necklace(url, databaseUrl);
    const path = `/api/admin/products/${p.id}`;
    const listing = '/catalog/products?sort_by=newest&page_size=100';
    const listed = async () =>
      ((await call(url, 'GET', listing)).body.data as { id: number; name: string; price: number; base_image: { small_image_url: string } }[]).find(
        (x) => x.id === p.id,
      );
    // Cached first: the shared page cache holds these pages and answers.
    expect(await text(url, `/products/${p.id}`)).toContain(p.name);
    expect((await listed())?.name).toBe(p.name);
    expect(await text(url, `/search?q=${encodeURIComponent(p.name)}`)).toContain(p.name);

    const renamed = uniqueName('Renamed Pendant');
    expect((await call(url, 'PATCH', path, { name: renamed }, { cookie: editor.cookie })).status).toBe(200);
    expect((await call(url, 'PATCH', path, { prices: [{ variant_id: p.whiteGold, price: 777.77 }] }, { cookie: manager.cookie })).status).toBe(200);
    const added = await upload(url, p.id, await picture('png', '#7a1f3d'), { cookie: editor.cookie }, 'pendant.png', 'The pendant on its chain');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.message).toBe(`Added a photo to ${renamed}`);
    const photo = added.body.data.photos[0];
    expect(photo).toMatchObject({ position: 1, alt: 'The pendant on its chain', width: 480, height: 400 });

    const product = await text(url, `/products/${p.id}`);
    expect(product).toContain(renamed);
    expect(product).not.toContain(p.name);
    expect(product).toContain('$777.77');
    expect(product).toContain(`/images/photos/${photo.photo}/480.avif 480w`);
    expect(product).toContain('alt="The pendant on its chain"');
    const image = await fetch(`${url}${photo.src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const card = await listed();
    expect(card).toMatchObject({ name: renamed, price: 777.77 });
    expect(card!.base_image.small_image_url).toBe(photo.src);
    expect(await text(url, `/search?q=${encodeURIComponent(renamed)}`)).toContain(renamed);
  });

  it('reorders and removes photos from the screen, with the confirmation first', async () => {
    const editor = await seedStaff(databaseUrl, uniqueEmail('editor'), 'editor');
    const p = await necklace(url, databaseUrl);
    const here = `/admin/products/${p.id}`;
    const first = await upload(url, p.id, await picture('jpeg', '#204030'), { cookie: editor.cookie }, 'first.jpg');
    const second = await upload(url, p.id, await picture('webp', '#402030'), { cookie: editor.cookie }, 'second.webp');
    expect([first.status, second.status]).toEqual([201, 201]);
    const [a, b] = second.body.data.photos as { id: number; photo: string }[];
    const moved = await page(url, here, editor.cookie, { _action: 'move', photo: String(b!.id), direction: 'up' });
    expect(moved.location).toBe(`${here}?notice=photo-moved#photos-head`);
    const order = async () => (await call(url, 'GET', `/api/admin/products/${p.id}`, undefined, token)).body.data.photos.map((x: { id: number }) => x.id);
    expect(await order()).toEqual([b!.id, a!.id]);
    // The listing shows the first photo.
    expect(await text(url, `/products/${p.id}`)).toContain(`/images/photos/${b!.photo}/`);
    const ask = await page(url, `${here}?do=remove&photo=${a!.id}`, editor.cookie);
    expect(ask.body).toContain('Remove photo 2: please confirm');
    const removed = await page(url, here, editor.cookie, { _action: 'remove', photo: String(a!.id) });
    expect(removed.location).toBe(`${here}?notice=photo-removed#photos-head`);
    expect(await order()).toEqual([b!.id]);
    expect(await text(url, `/products/${p.id}`)).not.toContain(`/images/photos/${a!.photo}/`);
    // The same order through the API; a wrong list names the field.
    const wrong = await call(url, 'PATCH', `/api/admin/products/${p.id}`, { photo_order: [b!.id, a!.id] }, token);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['photo_order']);
  });

  it('refuses bad input naming the field, with 413 for a photo over 10 MB, and writes nothing of a refused change', async () => {
    const editor = await seedStaff(databaseUrl, uniqueEmail('editor'), 'editor');
    const manager = await seedStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const p = await necklace(url, databaseUrl);
    const path = `/api/admin/products/${p.id}`;
    const refuse = async (body: unknown, field: string, cookie = manager.cookie) => {
      const res = await call(url, 'PATCH', path, body, { cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(res.body)).toContain(field);
      expect(res.body.message).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
      return res.body;
    };
    expect((await refuse({ name: '   ' }, 'name')).errors.name).toEqual(['Give the product a name']);
    expect((await refuse({ name: 'x'.repeat(201) }, 'name')).errors.name).toEqual(['Use at most 200 characters']);
    for (const price of [0, -5, 'abc', 12.345, '1000000.01', null])
      await refuse({ name: 'Half written', prices: [{ variant_id: p.whiteGold, price }] }, 'prices.0.price');
    await refuse(
      {
        name: 'Half written',
        prices: [
          { variant_id: p.whiteGold, price: 100 },
          { variant_id: 999999999, price: 100 },
        ],
      },
      'prices.1.variant_id',
    );
    await refuse({ on_sale: 'yes' }, 'on_sale');
    await refuse({ description: 'x'.repeat(50_001) }, 'description');
    expect((await call(url, 'PATCH', path, { nmae: 'typo' }, token)).status).toBe(400);
    expect((await call(url, 'PATCH', '/api/admin/products/999999999', { name: 'Nobody' }, token)).status).toBe(404);
    expect((await call(url, 'GET', '/api/admin/products/not-an-id', undefined, token)).status).toBe(404);
    const db = await testDb(databaseUrl);
    const row = await db.selectFrom('products').select(['name', 'price_cents']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: p.name, price_cents: 89000 });

    // The screen shows the field's message beside it, with what was typed.
    const blank = await page(url, `/admin/products/${p.id}`, editor.cookie, { _action: 'save', name: '', description: '<p>Kept as typed</p>', on_sale: '1' });
    expect(blank.status).toBe(400);
    expect(blank.body).toContain('Give the product a name');
    expect(blank.body).toContain('&lt;p&gt;Kept as typed&lt;/p&gt;');
    const cheap = await page(url, `/admin/products/${p.id}`, manager.cookie, {
      _action: 'save',
      name: p.name,
      description: '',
      on_sale: '1',
      [`price_${p.whiteGold}`]: 'free',
      [`price_${p.platinum}`]: '1290',
    });
    expect(cheap.status).toBe(400);
    expect(cheap.body).toMatch(new RegExp(`id="price-${p.whiteGold}-error"[^>]*>Give a price in dollars`));

    // Uploads: not a picture, a GIF, too small, over 10 MB, not a form, no file.
    const notPicture = await upload(url, p.id, Buffer.from('this is not a picture at all'), { cookie: editor.cookie }, 'photo.png');
    expect(notPicture.status).toBe(400);
    expect(notPicture.body.errors.photo).toEqual(['This file is not a JPEG, PNG or WebP picture']);
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect((await upload(url, p.id, gif, { cookie: editor.cookie }, 'photo.gif')).body.errors.photo).toEqual(['This file is not a JPEG, PNG or WebP picture']);
    const tiny = await upload(url, p.id, await picture('png', '#333', 120, 90), { cookie: editor.cookie });
    expect(tiny.status).toBe(400);
    expect(tiny.body.errors.photo[0]).toMatch(/too small \(120×90 px; at least 200 px each way\)/);
    const huge = await upload(url, p.id, Buffer.alloc(10 * 1024 * 1024 + 1, 7), { cookie: editor.cookie });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'payload_too_large', errors: { photo: ['The photo is larger than 10 MB: upload a smaller picture'] } });
    const json = await call(url, 'POST', `${path}/photos`, { photo: 'x' }, { cookie: editor.cookie });
    expect(json.status).toBe(415);
    const empty = new FormData();
    empty.set('alt', 'No file');
    const noFile = await fetch(`${url}${path}/photos`, { method: 'POST', body: empty, headers: token });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).errors.photo).toEqual(['Choose a photo to upload (JPEG, PNG or WebP)']);
    expect((await call(url, 'DELETE', `${path}/photos/999999999`, undefined, token)).status).toBe(404);
    expect((await call(url, 'GET', path, undefined, token)).body.data.photos).toEqual([]);

    // The screen's upload: over the limit is 413 on the page, with the message beside the field.
    const form = new FormData();
    form.set('_action', 'upload');
    form.set('photo', new Blob([new Uint8Array(Buffer.alloc(10 * 1024 * 1024 + 100 * 1024, 7))], { type: 'image/png' }), 'huge.png');
    const big = await fetch(`${url}/admin/products/${p.id}`, { method: 'POST', body: form, headers: { cookie: editor.cookie }, redirect: 'manual' });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain('The photo is larger than 10 MB');
  });
});
