/**
 * The jeweller's own catalogue (issue 32) on SQLite and PostgreSQL, in a production shop that starts
 * empty (SHOP_DEMO=0): a Shopify product CSV with Metal, Total Carat Weight and Ring Size options and
 * photographs beside it is imported (npm run import:products); the pieces are in the listings, in search
 * and on their pages with their photographs in AVIF, WebP and JPEG srcset; the export of that catalogue
 * imports into another empty shop as the same catalogue (and back into this one as unchanged); a bad
 * row is reported with its line and nothing of its product is written; a dry run writes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { uniqueName } from '../support/unique.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli/cli.mjs');
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

const HEADER = [
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
  'Variant Grams',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Variant Image',
  'Status',
  'SEO Title',
  'SEO Description',
];
type Row = Partial<Record<(typeof HEADER)[number], string>>;
const field = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const toCsv = (rows: Row[]) => [HEADER.join(','), ...rows.map((r) => HEADER.map((h) => field(r[h] ?? '')).join(','))].join('\n') + '\n';

/** A picture of a given size and colour, as a camera or a supplier would send it. */
async function picture(file: string, width: number, height: number, colour: string) {
  const img = sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#d4af37"/></svg>`,
      ),
    },
  ]);
  await (file.endsWith('.png') ? img.png() : img.jpeg({ quality: 90 })).toFile(file);
}

interface ApiPhoto {
  src: string;
  width: number;
  height: number;
  alt: string;
  srcset: { avif: string; webp: string; jpeg: string };
  variant_id: number | null;
}
interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  url: string;
  status: boolean;
  description: string;
  body_html: string | null;
  style: string;
  is_byo: boolean;
  has_ring_size: boolean;
  accepted_shapes: string[];
  carat_min: number | null;
  carat_max: number | null;
  category: { slug: string; name: string };
  photos: ApiPhoto[];
  seo_title: string | null;
  variants: { id: number; sku: string; metal_code: string; total_carat_weight: number; price: number; photo: ApiPhoto | null }[];
}

async function productsNamed(base: string, names: string[]): Promise<ApiProduct[]> {
  const res = await call(base, 'GET', '/catalog/products?page_size=100');
  expect(res.status).toBe(200);
  const list = res.body.data as ApiProduct[];
  return Promise.all(
    names.flatMap((n) => list.filter((p) => p.name === n)).map(async (p) => (await call(base, 'GET', `/catalog/products/${p.id}`)).body as ApiProduct),
  );
}

/** What makes a product the same product in another shop: all but its ids, addresses and photograph digests. */
function shape(p: ApiProduct) {
  const photo = (ph: ApiPhoto | null) =>
    ph && { width: ph.width, height: ph.height, alt: ph.alt, widths: ph.srcset.avif.split(', ').map((s) => s.split(' ')[1]), own: ph.variant_id !== null };
  return {
    name: p.name,
    slug: p.slug,
    status: p.status,
    description: p.description,
    body_html: p.body_html,
    style: p.style,
    is_byo: p.is_byo,
    has_ring_size: p.has_ring_size,
    accepted_shapes: p.accepted_shapes,
    carat_min: p.carat_min,
    carat_max: p.carat_max,
    category: p.category.name,
    seo_title: p.seo_title,
    photos: p.photos.map(photo),
    variants: p.variants.map((v) => ({ sku: v.sku, metal: v.metal_code, ctw: v.total_carat_weight, price: v.price, photo: photo(v.photo) })),
  };
}

describe.each(DB_KINDS.map((kind) => ({ kind })))('product import and export on $kind', ({ kind }) => {
  let shop: TestServer | undefined;
  let dir = '';
  let ring = '';
  let studs = '';
  const env = () => ({ ...process.env, DATABASE_URL: shop!.databaseUrl, VAR_DIR: path.join(shop!.database.dir, 'var') });
  beforeAll(async () => {
    // A production shop: nothing seeded, the catalogue starts empty and fills from the import.
    shop = await startServer(kind, { env: { ADMIN_TOKEN, SHOP_DEMO: '0' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'products-'));
    // Small pictures (a camera's are 4,000 px and more): AVIF encoding is the slow part of an import.
    await picture(path.join(dir, 'ring-front.png'), 700, 700, '#f4efe6');
    await picture(path.join(dir, 'ring-side.jpg'), 800, 600, '#eae4da');
    await picture(path.join(dir, 'studs.jpg'), 600, 600, '#f1ece4');
    await picture(path.join(dir, 'studs-rose.jpg'), 500, 500, '#f6dcd0');
    ring = uniqueName('Aurora Halo Ring');
    studs = uniqueName('Pear Drop Studs');
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const ringHandle = () => ring.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const studsHandle = () => studs.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const catalogue = (): Row[] => [
    {
      Handle: ringHandle(),
      Title: ring,
      Vendor: 'Aurelle Atelier',
      Type: 'Engagement Rings',
      Published: 'TRUE',
      Status: 'active',
      'Body (HTML)':
        '<p onclick="steal()">A halo of hand-set <strong>pavé</strong> diamonds.</p><script>alert(1)</script><img src="https://tracker.example/x.gif">',
      Tags: 'style:halo, setting, shapes:round|oval, carat:0.5-3, bestseller',
      'Option1 Name': 'Metal',
      'Option1 Value': '14K White Gold',
      'Option2 Name': 'Total Carat Weight',
      'Option2 Value': '1/4',
      'Option3 Name': 'Ring Size',
      'Option3 Value': '6',
      'Variant SKU': 'AUR-WG-6',
      'Variant Grams': '4',
      'Variant Price': '1,890.00',
      'Variant Compare At Price': '2100.00',
      'Image Src': 'ring-front.png',
      'Image Position': '1',
      'Image Alt Text': 'The Aurora halo ring from the front',
      'SEO Title': 'Aurora Halo Engagement Ring',
    },
    {
      Handle: ringHandle(),
      'Option1 Value': '14K White Gold',
      'Option2 Value': '1/4',
      'Option3 Value': '7',
      'Variant SKU': 'AUR-WG-7',
      'Variant Price': '1890.00',
      'Image Src': 'ring-side.jpg',
      'Image Position': '2',
      'Image Alt Text': 'The Aurora halo ring from the side',
    },
    { Handle: ringHandle(), 'Option1 Value': 'Platinum', 'Option2 Value': '1/4', 'Option3 Value': '6', 'Variant SKU': 'AUR-PT-6', 'Variant Price': '2490' },
    { Handle: ringHandle(), 'Option1 Value': 'Platinum', 'Option2 Value': '1/4', 'Option3 Value': '7', 'Variant SKU': 'AUR-PT-7', 'Variant Price': '2490' },
    {
      Handle: studsHandle(),
      Title: studs,
      Type: 'Earrings',
      Tags: 'style:drop',
      'Body (HTML)': '<p>Pear-shaped diamonds that move with you.</p>',
      'Option1 Name': 'Metal',
      'Option1 Value': '14K Yellow Gold',
      'Option2 Name': 'Total Carat Weight',
      'Option2 Value': '1/2',
      'Variant SKU': 'PDS-YG-50',
      'Variant Price': '1290',
      'Image Src': 'studs.jpg',
      'Image Position': '1',
      'Image Alt Text': 'Pear drop studs in yellow gold',
    },
    { Handle: studsHandle(), 'Option1 Value': '14K Yellow Gold', 'Option2 Value': '1 ct', 'Variant SKU': 'PDS-YG-100', 'Variant Price': '2590' },
    {
      Handle: studsHandle(),
      'Option1 Value': '18K Rose Gold',
      'Option2 Value': '0.50',
      'Variant SKU': 'PDS-RG-50',
      'Variant Price': '1490',
      'Variant Image': 'studs-rose.jpg',
    },
  ];

  it('imports a Shopify CSV with Metal, Total Carat Weight and Ring Size options and photographs beside it: listings, search and pages show them in AVIF and WebP', async () => {
    const file = path.join(dir, 'products.csv');
    fs.writeFileSync(file, toCsv(catalogue()));
    const run = await runNode([cli, 'import-products', file], env());
    expect(run.stdout).toMatch(/read 7 rows of 2 products: inserted 2, updated 0, unchanged 0, delisted 0, rejected 0 rows; 4 photographs processed/);
    expect(run.stderr).toContain('Columns not imported: Variant Grams');

    const [r, s] = await productsNamed(shop!.url, [ring, studs]);
    expect(r).toMatchObject({
      slug: ringHandle(),
      status: true,
      style: 'halo',
      is_byo: true,
      has_ring_size: true,
      accepted_shapes: ['round', 'oval'],
      carat_min: 0.5,
      carat_max: 3,
      category: { slug: 'engagement-rings', name: 'Engagement Rings' },
      seo_title: 'Aurora Halo Engagement Ring',
      description: 'A halo of hand-set pavé diamonds.',
    });
    // Sanitised: no script, no event handler, no foreign image; the text and its emphasis stay.
    expect(r!.body_html).toContain('<strong>pavé</strong>');
    expect(r!.body_html).not.toMatch(/script|onclick|tracker|<img/);
    // Ring sizes are one variant per metal and weight (the shop offers every size).
    expect(r!.variants.map((v) => [v.metal_code, v.total_carat_weight, v.price, v.sku])).toEqual([
      ['14k_white_gold', 0.25, 1890, 'AUR-WG-6'],
      ['platinum', 0.25, 2490, 'AUR-PT-6'],
    ]);
    expect(r!.photos.map((p) => [p.alt, p.width, p.height])).toEqual([
      ['The Aurora halo ring from the front', 700, 700],
      ['The Aurora halo ring from the side', 800, 600],
    ]);
    expect(r!.photos[1]!.srcset.avif).toMatch(/^\/images\/photos\/[0-9a-f]{32}\/320\.avif 320w, \S+\/640\.avif 640w, \S+\/800\.avif 800w$/);
    expect(s!.variants.map((v) => [v.metal_code, v.total_carat_weight, v.price])).toEqual([
      ['14k_yellow_gold', 0.5, 1290],
      ['18k_rose_gold', 0.5, 1490],
      ['14k_yellow_gold', 1, 2590],
    ]);
    // The rose-gold variant shows its own photograph; the others the product's.
    const rose = s!.variants.find((v) => v.metal_code === '18k_rose_gold')!;
    expect(rose.photo).toMatchObject({ variant_id: rose.id });
    expect(s!.variants.find((v) => v.metal_code === '14k_yellow_gold')!.photo).toMatchObject({ alt: 'Pear drop studs in yellow gold', variant_id: null });

    // The product page: <picture> with AVIF and WebP srcset, width and height; the shop's own policy for images.
    const page = await fetch(`${shop!.url}/products/${r!.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:");
    const html = await page.text();
    expect(html).toContain(`<source data-gallery-avif type="image/avif" srcset="${r!.photos[0]!.srcset.avif}"`);
    expect(html).toContain(`type="image/webp" srcset="${r!.photos[0]!.srcset.webp}"`);
    expect(html).toMatch(
      new RegExp(
        `<img data-gallery-main src="${r!.photos[0]!.src}" srcset="[^"]+" sizes="[^"]+" alt="The Aurora halo ring from the front" width="600" height="600"`,
      ),
    );
    expect(html).toContain('A halo of hand-set <strong>pavé</strong> diamonds.');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<title>Aurora Halo Engagement Ring');

    // The listings and search show the photographs too.
    const listing = await fetch(`${shop!.url}/engagement-rings`).then((res) => res.text());
    expect(listing).toContain(ring);
    // The listing's cards are React (srcSet, as React writes it: HTML attribute names know no case).
    expect(listing).toContain(`<source type="image/avif" srcSet="${r!.photos[0]!.srcset.avif}"`);
    const jewellery = await fetch(`${shop!.url}/jewellery/earrings`).then((res) => res.text());
    expect(jewellery).toContain(studs);
    expect(jewellery).toContain(`<source type="image/webp" srcSet="${s!.photos[0]!.srcset.webp}"`);
    const search = await fetch(`${shop!.url}/search?q=${encodeURIComponent('aurora halo')}`).then((res) => res.text());
    expect(search).toContain(ring);
    expect(search).toContain(`type="image/avif" srcset="${r!.photos[0]!.srcset.avif}"`);

    // Each rendition is served from the shop's own address, in its format, cached for a year.
    for (const [format, type, sharpFormat] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const url = r!.photos[0]!.srcset[format === 'jpg' ? 'jpeg' : format].split(', ')[1]!.split(' ')[0]!;
      const res = await fetch(`${shop!.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([sharpFormat, 640, 640]);
    }
    expect((await fetch(`${shop!.url}/images/photos/${'0'.repeat(32)}/640.avif`)).status).toBe(404);
  }, 180_000);

  it('exports the catalogue as Shopify CSV that imports into another empty shop as the same catalogue, and back into this one as unchanged', async () => {
    expect((await fetch(`${shop!.url}/api/admin/products/export`)).status).toBe(401);
    const res = await fetch(`${shop!.url}/api/admin/products/export`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toBe(
      'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,' +
        'Variant SKU,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,Variant Image,Status,SEO Title,SEO Description',
    );
    const before = await productsNamed(shop!.url, [ring, studs]);

    const again = await fetch(`${shop!.url}/api/admin/products/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ products: 2, inserted: 0, updated: 0, unchanged: 2, rejected: 0, photos: 0, rejections: [] });
    expect(await productsNamed(shop!.url, [ring, studs])).toEqual(before);

    // Another empty shop: the photographs come over HTTP from this shop's addresses, fetched once.
    // The export's photograph addresses are this test shop's, on this machine's loopback: the other shop may fetch them.
    const other = await startServer(kind, { env: { ADMIN_TOKEN, SHOP_DEMO: '0', FETCH_PRIVATE_NETWORKS: '1' } });
    try {
      const into = await fetch(`${other.url}/api/admin/products/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv });
      expect(await into.json()).toMatchObject({ products: 2, inserted: 2, rejected: 0, photos: 4 });
      expect((await productsNamed(other.url, [ring, studs])).map(shape)).toEqual(before.map(shape));
    } finally {
      await other.stop();
    }
  }, 180_000);

  it('reports a bad row with its line and writes nothing of its product; a dry run writes nothing at all', async () => {
    const good = uniqueName('Milgrain Band');
    const bad = uniqueName('Broken Pendant');
    const handle = (n: string) => n.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const rows: Row[] = [
      {
        Handle: handle(good),
        Title: good,
        Type: 'Wedding Bands',
        Tags: 'style:vintage, ring-size',
        'Option1 Name': 'Metal',
        'Option1 Value': '18K Rose Gold',
        'Variant Price': '690',
      },
      { Handle: handle(good), 'Option1 Value': 'Platinum', 'Variant Price': '990' },
      {
        Handle: handle(bad),
        Title: bad,
        Type: 'Necklaces',
        'Option1 Name': 'Metal',
        'Option1 Value': '14K White Gold',
        'Option2 Name': 'Total Carat Weight',
        'Option2 Value': '1/4',
        'Variant Price': '790',
      },
      { Handle: handle(bad), 'Option1 Value': 'Titanium', 'Option2 Value': '1/2', 'Variant Price': 'call us' },
      { Handle: handle(bad), 'Image Src': 'pendant.jpg', 'Image Position': '1' },
    ];
    const body = toCsv(rows);
    const post = (query: string) =>
      fetch(`${shop!.url}/api/admin/products/import${query}`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body });
    const photos = () => fs.readdirSync(path.join(shop!.database.dir, 'var', 'photos')).length;
    const photosBefore = photos();

    const dry = await post('?dry_run=true');
    expect(dry.status).toBe(200);
    const expected = {
      read: 5,
      products: 2,
      inserted: 1,
      updated: 0,
      rejected: 3,
      photos: 0,
      rejections: [
        { line: 4, handle: handle(bad), reasons: [`not imported: the product ${handle(bad)} has a refused row (line 5)`] },
        {
          line: 5,
          handle: handle(bad),
          reasons: [
            'metal "Titanium" is not one the shop works in (14K White Gold, 14K Yellow Gold, 18K Rose Gold, Platinum)',
            'Variant Price "call us" is not a price in dollars',
          ],
        },
        { line: 6, handle: handle(bad), reasons: [`not imported: the product ${handle(bad)} has a refused row (line 5)`] },
      ],
    };
    expect(await dry.json()).toMatchObject({ dry_run: true, ...expected });
    expect(await productsNamed(shop!.url, [good, bad])).toEqual([]);
    expect(photos()).toBe(photosBefore);

    const real = await post('');
    expect(await real.json()).toMatchObject({ dry_run: false, ...expected });
    const [band, ...none] = await productsNamed(shop!.url, [good, bad]);
    expect(none).toEqual([]);
    expect(band).toMatchObject({ style: 'vintage', has_ring_size: true, category: { name: 'Wedding Bands' }, photos: [] });
    // Without photographs, the drawings stand in.
    expect(band!.variants[0]).toMatchObject({ photo: null });
    expect((band as unknown as { base_image: { medium_image_url: string } }).base_image.medium_image_url).toMatch(
      /^\/images\/jewellery\/milgrain-band--18k_rose_gold--angled\.svg$/,
    );

    // Over HTTP an upload has no folder: a file name is refused, with the reason.
    const fixed = toCsv(rows.map((r) => (r['Option1 Value'] === 'Titanium' ? { ...r, 'Option1 Value': 'Platinum', 'Variant Price': '1290' } : r)));
    const upload = await fetch(`${shop!.url}/api/admin/products/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: fixed });
    expect((await upload.json()).rejections).toContainEqual({
      line: 6,
      handle: handle(bad),
      reasons: ['Image Src pendant.jpg: a file name works from the command line only (npm run import:products): over HTTP, give an http(s) address'],
    });
    // An address inside the shop's own network (here its own loopback, or a cloud's metadata service) is never fetched.
    for (const inside of [`${shop!.url}/healthz`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/x.jpg', 'http://0x7f000001/x.jpg']) {
      const privateRows = toCsv(
        rows
          .filter((r) => r.Handle === handle(bad))
          .map((r) =>
            r['Option1 Value'] === 'Titanium'
              ? { ...r, 'Option1 Value': 'Platinum', 'Variant Price': '1290' }
              : r['Image Src']
                ? { ...r, 'Image Src': inside }
                : r,
          ),
      );
      const refused = await fetch(`${shop!.url}/api/admin/products/import?dry_run=1`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: privateRows,
      });
      const reasons = ((await refused.json()) as { rejections: { reasons: string[] }[] }).rejections.flatMap((r) => r.reasons);
      expect(reasons.join('\n'), inside).toMatch(/not fetched: .* is on a private network \(.+\): only public addresses are fetched/);
    }

    const notCsv = await fetch(`${shop!.url}/api/admin/products/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: 'Name,Price\nx,1\n',
    });
    expect(notCsv.status).toBe(400);
    expect((await notCsv.json()).message).toMatch(/missing columns "Handle", "Variant Price"/);
  }, 60_000);
});
