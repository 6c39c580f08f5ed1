/**
 * The diamond stock-file import over HTTP (POST /api/admin/diamonds/import) on SQLite and PostgreSQL,
 * as an operator and a shopper see it: RapNet's alternate column names and codes, prices, updates in
 * place, --replace by source, reserved and sold stones left alone, every rejection reason, the refused
 * header, the admin token and its rate limit, the dry run and the body limit. The CLI (same importer)
 * is run against the same database for --markup.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { callFrom, freshAddress } from '../support/accounts.ts';
import { execSql } from '../support/sql.ts';
import { ADMIN_IMPORT_MAX_BYTES, ADMIN_TOKEN, feedRow, postChunked, postImport, toCsv, toJsonLines, type FeedRow } from '../support/admin.ts';

const root = path.resolve(import.meta.dirname, '../..');
const stone = (base: string, ref: string) => call(base, 'GET', `/catalog/api/diamonds/${encodeURIComponent(ref)}`);
/** Searches the listing until `found` holds for its answer (the index follows the change log). */
async function waitForListing(base: string, filters: object, found: (ids: number[]) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await call(base, 'GET', `/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), page_size: '100' })}`);
    const ids = (res.body.data as { id: number }[]).map((d) => d.id);
    if (found(ids) || Date.now() > deadline) return ids;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DB_KINDS.map((kind) => ({ kind })))('diamond import on $kind', ({ kind }) => {
  // A server of its own: this file adds thousands of stones and delists them, which other files'
  // listings on the shared servers would see.
  let url = '';
  let databaseUrl = '';
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind, { env: { ADMIN_TOKEN, ADMIN_IMPORT_MAX_BYTES: String(ADMIN_IMPORT_MAX_BYTES) } });
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => server?.stop());

  it('reads RapNet alternate headers and codes, in CSV (semicolon, BOM, quoted line breaks) and JSON Lines', async () => {
    const rows: FeedRow[] = [
      {
        StockNo: 'ALT-1',
        shp: 'PS',
        'Carat Weight': '0,70',
        COLOUR: 'h',
        clar: 'si1',
        Cut: 'VG',
        Finish: 'G',
        Sym: 'EX',
        Flr: 'fnt',
        'LAB ': 'igi',
        CertNo: 'alt 0001',
        'Meas Length': '8.1',
        'Meas Width': '5.2',
        Height: '3.2',
        'Total Depth': '62%',
        Tbl: '58',
        'Total Price': '1,234.56',
        Avail: 'Memo',
        'Product Type': 'Lab Grown Diamond',
        'Member Comment': 'line one\n"quoted" line two; with a semicolon',
      },
      {
        StockNo: 'ALT-2',
        shp: 'Cushion Modified',
        'Carat Weight': '1.20',
        COLOUR: 'D',
        clar: 'IF',
        Cut: 'Ideal',
        Finish: 'Excellent',
        Sym: 'Very Good',
        Flr: 'Very Strong',
        'LAB ': 'AGSL',
        CertNo: 'ALT0002',
        Measurements: '6.50 x 6.10 x 4.02',
        'Total Depth': '65.9',
        Tbl: '61',
        'Total Price': '9000',
        Avail: 'STPS',
        'Product Type': 'diamond',
      },
    ];
    const csv = '\uFEFF' + toCsv(rows, ';');
    const res = await postImport(url, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ read: 2, inserted: 2, rejected: 0, rejections: [] });
    const pear = (await stone(url, 'ALT0001')).body;
    expect(pear).toMatchObject({
      sku: 'ALT-1',
      shape: 'pear',
      carat: 0.7,
      color: 'H',
      clarity: 'SI1',
      cut: 'Very Good',
      polish: 'Good',
      symmetry: 'Excellent',
      fluorescence: 'Faint',
      lab: 'IGI',
      origin: 'lab_grown',
      depth: 62,
      table: 58,
      price: 1234.56,
      is_available: true,
      measurements: { length: 8.1, width: 5.2, depth: 3.2 },
    });
    expect((await stone(url, 'ALT0002')).body).toMatchObject({
      shape: 'cushion',
      cut: 'Ideal',
      fluorescence: 'Very Strong',
      lab: 'AGS',
      origin: 'natural',
      price: 9000,
    });

    const tab = toCsv([feedRow('ALT-3', 'ALT0003', { Shape: 'EC', 'Fluorescence Intensity': 'MED' })], '\t');
    expect((await postImport(url, tab)).body).toMatchObject({ read: 1, inserted: 1 });
    expect((await stone(url, 'ALT0003')).body).toMatchObject({ shape: 'emerald', fluorescence: 'Medium' });

    const jsonl = toJsonLines([{ ...feedRow('ALT-4', 'ALT0004'), Shape: 'Oval', Size: 2.05, 'Price/Ct': 5000, 'Fluorescence Intensity': 'STG', Lab: 'HRD' }]);
    const j = await postImport(url, jsonl, {}, 'application/x-ndjson');
    expect(j.body).toMatchObject({ read: 1, inserted: 1, rejected: 0 });
    expect((await stone(url, 'ALT0004')).body).toMatchObject({ shape: 'oval', carat: 2.05, fluorescence: 'Strong', lab: 'HRD', price: 10250 });
  });

  it("answers the supplier's photo and video; the diamond page shows the photo from the shop's own address and links to the video", async () => {
    const media = { 'Image Link': 'https://img.example.com/stones/MED0001.jpg', 'Video Link': 'https://video.example.com/v360/MED0001' };
    expect((await postImport(url, toCsv([feedRow('MED-1', 'MED0001', media), feedRow('MED-2', 'MED0002')]))).body).toMatchObject({ inserted: 2, rejected: 0 });
    const withMedia = (await stone(url, 'MED0001')).body;
    expect(withMedia).toMatchObject({ photo_url: media['Image Link'], video_url: media['Video Link'] });
    expect((await stone(url, 'MED0002')).body).toMatchObject({ photo_url: null, video_url: null });
    const page = await fetch(`${url}${withMedia.url}`).then((r) => r.text());
    // The photo from the shop's own address (supplier-feeds.test.ts fetches one from a stand-in host).
    expect(page).toContain(`<img src="/media/diamonds/${withMedia.id}/photo"`);
    expect(page).not.toContain(media['Image Link']);
    expect(page).toContain(`href="${media['Video Link']}"`);
    expect(page).toContain('Watch the video');
  });

  it('multiplies a price per carat out in cents, rounded once (default markup ×1)', async () => {
    // 4235.50 × 1.01 = 4277.855 → 4277.86; 1999.99 × 0.33 = 659.9967 → 660.00
    const res = await postImport(url, toCsv([feedRow('PPC-1', 'PPC0001'), feedRow('PPC-2', 'PPC0002', { Size: '0.33', 'Price/Ct': '1999.99' })]));
    expect(res.body).toMatchObject({ inserted: 2 });
    expect((await stone(url, 'PPC0001')).body.price).toBe(4277.86);
    expect((await stone(url, 'PPC0002')).body.price).toBe(660);
  });

  it('updates a known stone in place: same id and URL, new price and grades; an identical row is unchanged', async () => {
    await postImport(url, toCsv([feedRow('UPD-1', 'UPD0001')]));
    const before = (await stone(url, 'UPD0001')).body;
    const res = await postImport(url, toCsv([feedRow('UPD-1B', 'UPD0001', { 'Price/Ct': '5000', Color: 'F' })]));
    expect(res.body).toMatchObject({ read: 1, inserted: 0, updated: 1, unchanged: 0 });
    const after = (await stone(url, 'UPD0001')).body;
    expect(after).toMatchObject({ id: before.id, url: before.url, sku: 'UPD-1B', color: 'F', price: 5050 });
    const again = await postImport(url, toCsv([feedRow('UPD-1B', 'UPD0001', { 'Price/Ct': '5000', Color: 'F' })]));
    expect(again.body).toMatchObject({ updated: 0, unchanged: 1 });
    // The listing shows the new colour under the same id.
    const ids = await waitForListing(url, { color: ['F'], carat: { min: 1.01, max: 1.01 } }, (list) => list.includes(before.id));
    expect(ids).toContain(before.id);
  });

  it('--replace delists the listed stones of the same source that the file does not name, and only those', async () => {
    const source = 'rep-supplier';
    const three = [feedRow('REP-1', 'REP0001'), feedRow('REP-2', 'REP0002'), feedRow('REP-3', 'REP0003')];
    expect((await postImport(url, toCsv(three), { source })).body).toMatchObject({ inserted: 3, source });
    expect((await postImport(url, toCsv([feedRow('REP-OTHER', 'REP0009')]), { source: 'rep-other' })).body).toMatchObject({ inserted: 1 });
    const { id } = (await stone(url, 'REP0003')).body;
    const res = await postImport(url, toCsv(three.slice(0, 2)), { source, replace: true });
    expect(res.body).toMatchObject({ read: 2, unchanged: 2, delisted: 1, replace: true });
    expect((await stone(url, 'REP0003')).status).toBe(404); // hidden from shoppers
    expect((await stone(url, 'REP0001')).body.is_available).toBe(true);
    expect((await stone(url, 'REP0009')).body.is_available).toBe(true);
    // A stone of another source is not this feed's to update.
    const foreign = await postImport(url, toCsv([feedRow('REP-9', 'REP0009')]), { source });
    expect(foreign.body.rejections[0].reasons[0]).toContain('listed by the source "rep-other"');
    // Named again, the stone is listed again; NA delists it.
    // Named again, the same stone (never deleted, same id) is listed again; NA delists it.
    expect((await postImport(url, toCsv([feedRow('REP-3', 'REP0003')]), { source })).body).toMatchObject({ updated: 1 });
    expect((await stone(url, 'REP0003')).body).toMatchObject({ id, is_available: true });
    expect((await postImport(url, toCsv([feedRow('REP-3', 'REP0003', { Availability: 'NA' })]), { source })).body).toMatchObject({ delisted: 1 });
    expect((await stone(url, 'REP0003')).status).toBe(404);
  });

  if (kind === 'postgres') {
    it('refreshes the planner statistics before a --replace delists (PostgreSQL), and not for a small import or a dry run', async () => {
      // Without statistics (a table just filled), the planner took "available and listed" for rare and
      // delisted 500 ids by walking the status index through every stone (bench:import --replace).
      const analyzed = async () => Number((await execSql(databaseUrl, `select analyze_count as n from pg_stat_user_tables where relname = 'diamonds'`))[0].n);
      const source = 'stats-supplier';
      const before = await analyzed();
      expect((await postImport(url, toCsv([feedRow('STAT-1', 'STAT0001'), feedRow('STAT-2', 'STAT0002')]), { source })).body).toMatchObject({ inserted: 2 });
      expect((await postImport(url, toCsv([feedRow('STAT-1', 'STAT0001')]), { source, replace: true, dry_run: true })).body).toMatchObject({ delisted: 1 });
      expect(await analyzed()).toBe(before);
      expect((await postImport(url, toCsv([feedRow('STAT-1', 'STAT0001')]), { source, replace: true })).body).toMatchObject({ delisted: 1 });
      expect(await analyzed()).toBe(before + 1);
      const plan = await execSql(
        databaseUrl,
        `explain (format json) update diamonds set is_hidden = 1 where id in (1, 2, 3) and status = 'available' and is_hidden = 0`,
      );
      expect(JSON.stringify(plan)).toContain('"Index Name":"diamonds_pkey"');
    });
  }

  it('never touches a reserved or sold stone: its row is skipped, --replace leaves it listed', async () => {
    const source = 'held-supplier';
    await postImport(url, toCsv([feedRow('HELD-1', 'HELD0001'), feedRow('HELD-2', 'HELD0002')]), { source });
    await execSql(databaseUrl, `update diamonds set status = 'reserved' where certificate_number = 'HELD0001'`);
    await execSql(databaseUrl, `update diamonds set status = 'sold' where certificate_number = 'HELD0002'`);
    const res = await postImport(url, toCsv([feedRow('HELD-1', 'HELD0001', { 'Price/Ct': '1' }), feedRow('HELD-2', 'HELD0002', { Availability: 'NA' })]), {
      source,
    });
    expect(res.body).toMatchObject({ read: 2, updated: 0, delisted: 0, skipped: 2 });
    expect((await stone(url, 'HELD0001')).body).toMatchObject({ price: 4277.86, status: 'reserved' });
    expect((await stone(url, 'HELD0002')).body).toMatchObject({ price: 4277.86, status: 'sold' });
    const replace = await postImport(url, toCsv([feedRow('HELD-3', 'HELD0003')]), { source, replace: true });
    expect(replace.body).toMatchObject({ inserted: 1, delisted: 0 });
    const rows = await execSql(
      databaseUrl,
      `select status, is_hidden from diamonds where certificate_number in ('HELD0001', 'HELD0002') order by certificate_number`,
    );
    expect(rows.map((r) => [r.status, Number(r.is_hidden)])).toEqual([
      ['reserved', 0],
      ['sold', 0],
    ]);
  });

  it('rejects bad rows with their line, stock number and every reason, and imports the rest', async () => {
    const rows: FeedRow[] = [
      feedRow('BAD-OK', 'BAD0001'),
      feedRow('BAD-MISSING', 'BAD0002', { Clarity: '', Polish: '' }),
      feedRow('BAD-CODES', 'BAD0003', { Shape: 'TRI', Color: 'Fancy Intense Yellow', Clarity: 'I2', 'Fluorescence Intensity': 'XX', Lab: 'EGL' }),
      feedRow('BAD-CARAT0', 'BAD0004', { Size: '0' }),
      feedRow('BAD-CARAT31', 'BAD0005', { Size: '30.5' }),
      feedRow('BAD-DEPTH', 'BAD0006', { 'Depth %': '101', 'Table %': '-3' }),
      feedRow('BAD-PRICE', 'BAD0007', { 'Price/Ct': '0' }),
      feedRow('BAD-DUP', 'BAD0001'),
      feedRow('BAD-MEAS', 'BAD0008', { Measurements: '6.4 by 6.3' }),
      feedRow('BAD-COLOUR', 'BAD0009', { Color: 'N' }),
      feedRow('BAD-OK', 'BAD0010'),
    ];
    const res = await postImport(url, toCsv(rows));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ read: 11, inserted: 1, rejected: 10 });
    const rejections = res.body.rejections as { line: number; stock_number: string; reasons: string[] }[];
    const byStock = (stock: string) => rejections.find((r) => r.stock_number === stock)!;
    expect(byStock('BAD-MISSING')).toMatchObject({ line: 3, reasons: ['missing clarity', 'missing polish'] });
    expect(byStock('BAD-CODES').line).toBe(4);
    expect(byStock('BAD-CODES').reasons.join('\n')).toMatch(
      /shape "TRI".*\n.*fancy colour.*\n.*clarity "I2" is not sold[^]*unknown fluorescence "XX"[^]*lab "EGL"/,
    );
    expect(byStock('BAD-CARAT0').reasons).toEqual(['carat "0" must be more than 0 and at most 30']);
    expect(byStock('BAD-CARAT31').reasons).toEqual(['carat "30.5" must be more than 0 and at most 30']);
    expect(byStock('BAD-DEPTH').reasons).toEqual(['depth % "101" is out of 0–100', 'table % "-3" is out of 0–100']);
    expect(byStock('BAD-PRICE').reasons).toEqual(['price "0" must be more than 0']);
    expect(byStock('BAD-DUP')).toMatchObject({ line: 9, reasons: ['duplicate certificate GIA BAD0001 in the file (first on line 2)'] });
    expect(byStock('BAD-MEAS').reasons[0]).toContain('measurements "6.4 by 6.3" do not parse');
    expect(byStock('BAD-COLOUR').reasons).toEqual(['colour "N" is not sold (the shop sells D to M)']);
    expect(rejections.find((r) => r.line === 12)).toMatchObject({ stock_number: 'BAD-OK', reasons: ['duplicate stock number "BAD-OK" in the file'] });
    // A stock number already held by another stone (from an earlier file or batch) is refused too.
    const taken = await postImport(url, toCsv([feedRow('BAD-OK', 'BAD0011')]));
    expect(taken.body.rejections).toEqual([
      { line: 2, stock_number: 'BAD-OK', reasons: ['stock number "BAD-OK" already belongs to the stone with certificate BAD0001'] },
    ]);
    expect((await stone(url, 'BAD0003')).status).toBe(404);
  });

  it('refuses a header without shape, carat, colour, clarity or price, naming the missing columns, and writes nothing', async () => {
    const rows = [feedRow('HDR-1', 'HDR0001')].map(({ Shape: _s, 'Price/Ct': _p, Color: _c, ...rest }) => rest);
    const res = await postImport(url, toCsv(rows));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('header_refused');
    expect(res.body.message).toMatch(/shape.*colour.*price/);
    expect(res.body.message).not.toMatch(/carat|clarity/);
    expect((await stone(url, 'HDR0001')).status).toBe(404);
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    await postImport(url, toCsv([feedRow('DRY-1', 'DRY0001')]));
    const res = await postImport(
      url,
      toCsv([feedRow('DRY-1', 'DRY0001', { 'Price/Ct': '9999' }), feedRow('DRY-2', 'DRY0002'), feedRow('DRY-3', 'DRY0003', { Size: '0' })]),
      { dry_run: true },
    );
    expect(res.body).toMatchObject({ dry_run: true, read: 3, inserted: 1, updated: 1, rejected: 1 });
    expect((await stone(url, 'DRY0002')).status).toBe(404);
    expect((await stone(url, 'DRY0001')).body.price).toBe(4277.86);
  });

  it('takes a file above the API-wide 1 MB limit, streamed, and answers 413 above its own limit', async () => {
    // Long comments (a column the shop does not read) make the file large with few stones; --replace
    // with no rows then delists them all, so the shared server's catalogue is as before for other suites.
    const source = 'big-feed';
    const comment = 'x'.repeat(400);
    const rows = Array.from({ length: 3000 }, (_, i) => feedRow(`BIG-${i}`, `BIG${String(i).padStart(6, '0')}`, { 'Member Comment': comment }));
    const csv = toCsv(rows);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1024 * 1024);
    expect(Buffer.byteLength(csv)).toBeLessThan(ADMIN_IMPORT_MAX_BYTES);
    const res = await postImport(url, csv, { source });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ read: 3000, inserted: 3000, rejected: 0 });
    const huge = await postImport(url, csv.repeat(Math.ceil(ADMIN_IMPORT_MAX_BYTES / Buffer.byteLength(csv)) + 1), { source });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
    // Without a Content-Length (chunked), the limit holds on the bytes as they stream in.
    const chunk = toCsv(Array.from({ length: 500 }, (_, i) => feedRow(`CHUNK-${i}`, `CHUNK${i}`, { Size: '0', 'Member Comment': comment })));
    expect(await postChunked(url, chunk, Math.ceil((ADMIN_IMPORT_MAX_BYTES * 2) / Buffer.byteLength(chunk)))).toBe(413);
    const emptied = await postImport(url, csv.slice(0, csv.indexOf('\n') + 1), { source, replace: true });
    expect(emptied.body).toMatchObject({ read: 0, delisted: 3000 });
  });

  it('needs the admin token: a wrong one gets 401 and counts toward a limit, then 429 with Retry-After', async () => {
    const from = freshAddress();
    const body = toCsv([feedRow('TOK-1', 'TOK0001')]);
    const post = (token: string) =>
      callFrom(from, url, 'POST', '/api/admin/diamonds/import', body, { 'content-type': 'text/csv', authorization: `Bearer ${token}` });
    for (let i = 0; i < 10; i++) {
      const res = await post(`wrong-${i}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
    const limited = await post('still-wrong');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stone(url, 'TOK0001')).status).toBe(404);
    const noType = await postImport(url, body, {}, 'application/json');
    expect(noType.status).toBe(415);
  });

  it('the CLI applies a --markup file by carat band (validated), on the same database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markup-'));
    const markup = path.join(dir, 'markup.json');
    fs.writeFileSync(
      markup,
      JSON.stringify([
        { from: 0, to: 1, multiplier: 1.5 },
        { from: 1, multiplier: 1.25 },
      ]),
    );
    const file = path.join(dir, 'stock.csv');
    fs.writeFileSync(file, toCsv([feedRow('MK-1', 'MK0001', { Size: '0.50', 'Price/Ct': '2000' }), feedRow('MK-2', 'MK0002')]));
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    // Not spawnSync: this server's PostgreSQL may be served by this very process (tests/support/pg-wire.ts).
    const run = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'import', file, '--markup', markup, '--source', 'markup-test'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/read 2, inserted 2, updated 0, unchanged 0, delisted 0, rejected 0, skipped 0/);
    expect((await stone(url, 'MK0001')).body.price).toBe(1500); // 0.50 × 2000 × 1.5
    expect((await stone(url, 'MK0002')).body.price).toBe(5347.32); // 4277.855 × 1.25 = 5347.31875
    // The activity record keeps the command line's import like a staff member's.
    expect(await execSql(databaseUrl, `select actor, action, summary from staff_activity where subject_id = 'markup-test' order by id`)).toEqual([
      { actor: 'cli', action: 'stock.import', summary: 'Imported stock.csv for markup-test: 2 new, 0 updated, 0 delisted, 0 rejected' },
    ]);
    fs.writeFileSync(
      markup,
      JSON.stringify([
        { from: 0, to: 2, multiplier: 1.5 },
        { from: 1, multiplier: -1 },
      ]),
    );
    const bad = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'import', file, '--markup', markup], env);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/markup\.json at \[1\]\.multiplier/);
    expect(bad.stderr).toMatch(/overlaps band 0/);
  });

  it('an import killed halfway leaves whole batches, and running it again finishes the job', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'killed-'));
    const file = path.join(dir, 'stock.csv');
    const total = 12_000;
    fs.writeFileSync(file, toCsv(Array.from({ length: total }, (_, i) => feedRow(`KILL-${i}`, `KILL${i}`))));
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const count = async () => Number((await execSql(databaseUrl, `select count(*) as n from diamonds where source = 'killed'`))[0].n);
    const child = spawn(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), 'import', file, '--source', 'killed'], { env, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed as soon as its first batch (5,000 rows) is committed, before the file is done.
    while ((await count()) === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const left = await count();
    expect(left % 5000 === 0 || left === total).toBe(true);
    const rerun = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'import', file, '--source', 'killed'], env);
    expect(rerun.stdout).toContain(`read 12,000, inserted ${(total - left).toLocaleString('en-US')}, updated 0, unchanged ${left.toLocaleString('en-US')}`);
    expect(await count()).toBe(total);
    // --replace with the one row left: every other stone of the source is delisted.
    expect((await postImport(url, toCsv([feedRow('KILL-0', 'KILL0')]), { source: 'killed', replace: true })).body.delisted).toBe(total - 1);
  }, 120_000);
});
