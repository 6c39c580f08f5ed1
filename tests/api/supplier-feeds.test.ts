/**
 * Supplier feeds as they really come (issue 32), on SQLite and PostgreSQL: a fancy shape without a cut
 * grade is sold as "Not graded" (a round without one is still refused) and the cut filter and facets say
 * so; every rejected row is reported, in file order (the CLI's --rejects file, the HTTP answer's CSV);
 * the names suppliers give the video column; the columns the importer does not read; fancy colours;
 * memo stones; and the supplier's photograph shown on the diamond page from the shop's own address,
 * fetched from a local stand-in of the supplier's image host.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { ADMIN_IMPORT_MAX_BYTES, ADMIN_TOKEN, feedRow, postImport, toCsv, type FeedRow } from '../support/admin.ts';
import { MP4, startMediaStandIn, type MediaStandIn } from '../support/media-stand-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const stone = (base: string, ref: string) => call(base, 'GET', `/catalog/api/diamonds/${encodeURIComponent(ref)}`);
const listing = (base: string, filters: object) =>
  call(base, 'GET', `/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), page_size: '100' })}`);
/** Asks the listing until `found` holds (the index follows the change log). */
async function listed(base: string, filters: object, found: (ids: number[]) => boolean) {
  let ids: number[] = [];
  await expect
    .poll(
      async () => {
        ids = ((await listing(base, filters)).body.data as { id: number }[]).map((d) => d.id);
        return found(ids);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return ids;
}
/** A fancy-shape row as RapNet files have them: the cut column left blank. */
const oval = (stock: string, certificate: string, overrides: FeedRow = {}) =>
  feedRow(stock, certificate, { Shape: 'OV', 'Cut Grade': '', Measurements: '8.05 x 5.61 x 3.48', ...overrides });

describe.each(DB_KINDS.map((kind) => ({ kind })))('supplier feeds on $kind', ({ kind }) => {
  let url = '';
  let databaseUrl = '';
  let server: TestServer | undefined;
  let media: MediaStandIn;
  beforeAll(async () => {
    media = await startMediaStandIn({ slowMs: 10_000 });
    server = await startServer(kind, {
      diamonds: 300,
      env: {
        ADMIN_TOKEN,
        ADMIN_IMPORT_MAX_BYTES: String(ADMIN_IMPORT_MAX_BYTES),
        SUPPLIER_MEDIA_TIMEOUT_MS: '2000',
        SUPPLIER_MEDIA_WAIT_MS: '1500',
        // The stand-in supplier host listens on this machine's loopback: the shop fetches from there only when told.
        FETCH_PRIVATE_NETWORKS: '1',
      },
    });
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await media?.close();
  });

  it('an oval with a blank cut grade is in the shop, not graded; the cut filter and facets say so; a round without one is refused', async () => {
    const res = await postImport(
      url,
      toCsv([oval('NG-OVAL', 'NG0001'), feedRow('NG-ROUND', 'NG0002', { 'Cut Grade': '' }), oval('NG-PEAR', 'NG0003', { Shape: 'PS', 'Cut Grade': 'N/A' })]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ read: 3, inserted: 2, rejected: 1, rejections: [{ line: 3, stock_number: 'NG-ROUND', reasons: ['missing cut grade'] }] });
    const ovalStone = (await stone(url, 'NG0001')).body;
    expect(ovalStone).toMatchObject({ shape: 'oval', cut: 'Not graded', is_available: true });
    expect((await stone(url, 'NG0003')).body).toMatchObject({ shape: 'pear', cut: 'Not graded' });

    // Listed; found by "Not graded", never passed off as a graded cut.
    await listed(url, { shape: ['oval'], carat: { min: 1.01, max: 1.01 } }, (ids) => ids.includes(ovalStone.id));
    expect(await listed(url, { cut: ['Not graded'], carat: { min: 1.01, max: 1.01 } }, (ids) => ids.includes(ovalStone.id))).toContain(ovalStone.id);
    const graded = await listing(url, { cut: ['Ideal', 'Excellent', 'Very Good', 'Good', 'Fair'], carat: { min: 1.01, max: 1.01 } });
    expect((graded.body.data as { id: number }[]).map((d) => d.id)).not.toContain(ovalStone.id);
    const facets = (await listing(url, { shape: ['oval'], carat: { min: 1.01, max: 1.01 } })).body.facets;
    expect(facets.cut['Not graded']).toBeGreaterThanOrEqual(1);
    expect(Object.keys(facets.cut)).toEqual(['Ideal', 'Excellent', 'Very Good', 'Good', 'Fair', 'Not graded']);

    const page = await fetch(`${url}${ovalStone.url}`).then((r) => r.text());
    expect(page).toContain('cut not graded · G colour');
    expect(page).not.toContain('Not graded cut');
  });

  it('500 bad rows: 500 rejections counted, every one in file order in --rejects and in the CSV answer', async () => {
    // Stones whose stock numbers every third row claims: refused only when its batch is written, after the
    // rows refused by their own checks, and still reported in file order.
    const held = Array.from({ length: 500 }, (_, i) => i).filter((i) => i % 3 === 0);
    expect((await postImport(url, toCsv(held.map((i) => feedRow(`HELD-${i}`, `HELD${i}`))))).body).toMatchObject({ inserted: held.length });
    const rows: FeedRow[] = Array.from({ length: 500 }, (_, i) =>
      i % 3 === 0
        ? feedRow(`HELD-${i}`, `REJ${i}`)
        : i % 3 === 1
          ? feedRow(`REJ-${i}`, `REJ${i}`, { Clarity: '' })
          : feedRow(`REJ-${i}`, `REJ${i}`, { Color: '', 'Fancy Color': 'Fancy Intense Yellow' }),
    );
    const reasonOf = (i: number) =>
      i % 3 === 0
        ? `stock number ""HELD-${i}"" already belongs to the stone with certificate HELD${i}`
        : i % 3 === 1
          ? 'missing clarity'
          : 'fancy colour: not sold (""Fancy Intense Yellow""; the shop sells D to M)';
    const expected = [
      'line,stock_number,reasons',
      ...rows.map((r, i) => `${i + 2},${r['Stock #']},"${reasonOf(i)}"`.replace(/^(\d+,[^,]+),"(missing clarity)"$/, '$1,$2')),
    ];

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rejects-'));
    const file = path.join(dir, 'stock.csv');
    const rejects = path.join(dir, 'rejects.csv');
    fs.writeFileSync(file, toCsv(rows));
    const run = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'import', file, '--rejects', rejects], { ...process.env, DATABASE_URL: databaseUrl });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/read 500, inserted 0, updated 0, unchanged 0, delisted 0, rejected 500, skipped 0/);
    expect(run.stderr).toContain('… and 400 more rejected rows');
    const written = fs.readFileSync(rejects, 'utf8').trimEnd().split('\n');
    expect(written).toHaveLength(501);
    expect(written).toEqual(expected);

    const res = await fetch(`${url}/api/admin/diamonds/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', accept: 'text/csv', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: toCsv(rows),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rejects-default.csv"');
    expect(JSON.parse(res.headers.get('import-summary')!)).toMatchObject({ read: 500, rejected: 500, inserted: 0 });
    expect((await res.text()).trimEnd().split('\n')).toEqual(expected);

    // The JSON summary counts all and lists the first 100, in file order, each with all its reasons.
    const json = await postImport(url, toCsv(rows));
    expect(json.body.rejected).toBe(500);
    expect((json.body.rejections as { line: number }[]).map((r) => r.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
  });

  it('Diamond Video and the other names suppliers use fill video_url; unknown columns are named in the summary', async () => {
    const rows = [
      feedRow('VID-1', 'VID0001', {
        'Diamond Video': 'https://v360.example.com/vision/VID0001',
        'Key To Symbols': 'Cloud, Crystal',
        'Member Comment': 'eye clean',
      }),
      feedRow('VID-2', 'VID0002', { '3D File': 'https://3d.example.com/VID0002.html' }),
    ];
    const res = await postImport(url, toCsv([rows[0]!]));
    expect(res.body).toMatchObject({ inserted: 1, rejected: 0 });
    expect(res.body.unknown_columns).toEqual(['Key To Symbols', 'Member Comment']);
    expect((await stone(url, 'VID0001')).body.video_url).toBe('https://v360.example.com/vision/VID0001');
    const second = await postImport(url, toCsv([{ ...rows[1]!, Shade: 'None' }]));
    expect(second.body).toMatchObject({ inserted: 1, unknown_columns: ['Shade'] });
    expect((await stone(url, 'VID0002')).body.video_url).toBe('https://3d.example.com/VID0002.html');
    const third = await postImport(url, toCsv([feedRow('VID-3', 'VID0003', { 'Video Link': 'https://video.example.com/VID0003.mp4' })]));
    expect(third.body).toMatchObject({ inserted: 1, unknown_columns: [] });
    expect((await stone(url, 'VID0003')).body.video_url).toBe('https://video.example.com/VID0003.mp4');
  });

  it('memo and subject-to-prior-sale stones are imported with that availability; the shopper is told it is confirmed within one business day', async () => {
    const res = await postImport(
      url,
      toCsv([feedRow('AV-M', 'AV0001', { Availability: 'M' }), feedRow('AV-S', 'AV0002', { Availability: 'STPS' }), feedRow('AV-G', 'AV0003')]),
    );
    expect(res.body).toMatchObject({ inserted: 3, rejected: 0 });
    for (const [cert, availability, shown] of [
      ['AV0001', 'M', true],
      ['AV0002', 'STPS', true],
      ['AV0003', 'G', false],
    ] as const) {
      const d = (await stone(url, cert)).body;
      expect(d).toMatchObject({ availability, is_available: true });
      const page = await fetch(`${url}${d.url}`).then((r) => r.text());
      expect(page.includes('Subject to availability: confirmed within one business day')).toBe(shown);
    }
  });

  it("shows the supplier's photograph on the diamond page from the shop's own address, fetched once; the drawing while none is cached", async () => {
    const photoUrl = `${media.url}/stones/PH0001-oval.png`;
    const rows = [
      oval('PH-1', 'PH0001', { 'Diamond Image': photoUrl, 'Diamond Video': `${media.url}/stones/PH0001.mp4` }),
      oval('PH-2', 'PH0002', { 'Diamond Image': `${media.url}/stones/PH0002.html` }),
      oval('PH-3', 'PH0003', { 'Diamond Image': `${media.url}/slow/stones/PH0003.png` }),
    ];
    expect((await postImport(url, toCsv(rows))).body).toMatchObject({ inserted: 3, rejected: 0 });
    const d = (await stone(url, 'PH0001')).body;
    expect(d.photo_url).toBe(photoUrl);

    const page = await fetch(`${url}${d.url}`).then((r) => r.text());
    expect(page).toContain(`<img src="/media/diamonds/${d.id}/photo"`);
    expect(page).toContain('The actual diamond, photographed by our supplier');
    // Nothing on the page loads from the supplier's host.
    expect(page).not.toMatch(new RegExp(`src="${media.url}`));

    const photo = await fetch(`${url}/media/diamonds/${d.id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await photo.arrayBuffer()).equals(media.photo('oval'))).toBe(true);
    // Cached: asked again, the supplier's host is not.
    const again = await fetch(`${url}/media/diamonds/${d.id}/photo`, { headers: { 'if-none-match': photo.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(media.hits.filter((h) => h === '/stones/PH0001-oval.png')).toHaveLength(1);

    // The video is a real MP4: cached and served from the shop too.
    await expect.poll(async () => (await fetch(`${url}/media/diamonds/${d.id}/video`)).status, { timeout: 10_000 }).toBe(200);
    const video = await fetch(`${url}/media/diamonds/${d.id}/video`);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await video.arrayBuffer()).equals(MP4)).toBe(true);

    // Not a picture (a viewer page): never served; the drawing stands in.
    const html = await fetch(`${url}/media/diamonds/${(await stone(url, 'PH0002')).body.id}/photo`, { redirect: 'manual' });
    expect(html.status).toBe(302);
    expect(html.headers.get('location')).toMatch(/^\/images\/diamonds\/oval-\d+\.svg$/);
    expect(html.headers.get('cache-control')).toBe('no-store');
    // A host slower than the timeout: the drawing, at once, without waiting for it.
    const started = Date.now();
    const slow = await fetch(`${url}/media/diamonds/${(await stone(url, 'PH0003')).body.id}/photo`, { redirect: 'manual' });
    expect(slow.status).toBe(302);
    expect(Date.now() - started).toBeLessThan(5000);
    // A stone without a photograph has no media address.
    expect((await fetch(`${url}/media/diamonds/${(await stone(url, 'NG0001')).body.id}/photo`)).status).toBe(404);
  });
});
