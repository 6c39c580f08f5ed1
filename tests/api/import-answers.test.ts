/**
 * The admin import's answer stays small whatever a file holds: rejected values are quoted cut to 40
 * characters (a stock number to 64), a line over 64 KB is refused as it streams in rather than read
 * whole, and certificate numbers take only letters, digits and `-`. Dry runs on the shared servers
 * (SQLite and PostgreSQL), so nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { feedRow, postImport, toCsv, toJsonLines } from '../support/admin.ts';
import { uniqueCode } from '../support/unique.ts';

const dryRun = { dry_run: true };

describe.each(databases)('import answers on $kind', ({ url }) => {
  it('quotes rejected values cut short, never whole', async () => {
    const huge = 'Z'.repeat(12_000);
    const csv = toCsv([feedRow(huge, uniqueCode('C'), { Size: huge, 'Depth %': huge, Measurements: huge, Color: huge })]);
    const res = await postImport(url, csv, dryRun);
    expect(res.status).toBe(200);
    expect(res.body.rejected).toBe(1);
    const [rejection] = res.body.rejections;
    expect(rejection.stock_number).toBe(`${'Z'.repeat(64)}…`);
    for (const reason of rejection.reasons as string[]) expect(reason.length, reason).toBeLessThan(200);
    expect(JSON.stringify(res.body).length).toBeLessThan(2000);
  });

  it('refuses a JSON line over 64 KB as it streams in, and goes on with the next lines', async () => {
    const good = feedRow(uniqueCode('S'), uniqueCode('C'));
    const body = `${toJsonLines([good])}${JSON.stringify({ ...feedRow(uniqueCode('S'), uniqueCode('C')), Comment: 'x'.repeat(3 * 1024 * 1024) })}\n${toJsonLines([feedRow(uniqueCode('S'), uniqueCode('C'))])}`;
    const res = await postImport(url, body, dryRun, 'application/x-ndjson');
    expect(res.status).toBe(200);
    expect(res.body.read).toBe(3);
    expect(res.body.rejections).toEqual([{ line: 2, stock_number: null, reasons: ['the line is longer than 65,536 characters'] }]);
    expect(res.body.inserted).toBe(2);
  });

  it.each(['1234/567', 'GIA<b>1</b>', '12.34', "2141'438"])('refuses the certificate number %s', async (certificate) => {
    const res = await postImport(url, toCsv([feedRow(uniqueCode('S'), certificate)]), dryRun);
    expect(res.status).toBe(200);
    expect(res.body.rejected).toBe(1);
    expect(res.body.rejections[0].reasons).toContain(`certificate number ${JSON.stringify(certificate)} may hold only letters, digits and -`);
  });

  it('takes certificate numbers of letters, digits and dashes (spaces taken out, upper-cased)', async () => {
    const res = await postImport(url, toCsv([feedRow(uniqueCode('S'), `lg-${uniqueCode('')}`), feedRow(uniqueCode('S'), `22 ${uniqueCode('')}`)]), dryRun);
    expect(res.status).toBe(200);
    expect(res.body.rejected).toBe(0);
    expect(res.body.inserted).toBe(2);
  });

  // Last: the server answers before the 3 MB upload ends, and fetch's pool may not reuse that connection well.
  it('refuses a CSV record over 64 KB with a 400 naming its line', async () => {
    const csv = toCsv([feedRow(uniqueCode('S'), uniqueCode('C')), feedRow(uniqueCode('S'), uniqueCode('C'), { Comment: 'x'.repeat(3 * 1024 * 1024) })]);
    const res = await postImport(url, csv, dryRun);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The CSV cannot be read at line 3: the line is longer than 65,536 characters');
    expect(JSON.stringify(res.body).length).toBeLessThan(500);
  });
});
