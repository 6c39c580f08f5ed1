import http from 'node:http';

/** The operators' side of the test servers: their admin token, and stock files to import. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
/** The test servers' ADMIN_IMPORT_MAX_BYTES: above the API's 1 MB, small enough to exceed in a test. */
export const ADMIN_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

export type FeedRow = Record<string, string | number>;

/** A stone as a RapNet CSV row; `overrides` replace or add columns. */
export function feedRow(stock: string, certificate: string, overrides: FeedRow = {}): FeedRow {
  return {
    'Stock #': stock,
    Shape: 'BR',
    Size: '1.01',
    Color: 'G',
    Clarity: 'VS2',
    'Cut Grade': 'EX',
    Polish: 'EX',
    Symmetry: 'VG',
    'Fluorescence Intensity': 'NON',
    Lab: 'GIA',
    'Certificate #': certificate,
    Measurements: '6.45-6.42*3.98',
    'Depth %': '61.8',
    'Table %': '57',
    'Price/Ct': '4235.50',
    Availability: 'G',
    ...overrides,
  };
}

const quote = (v: string, delimiter: string) => (/["\n\r]/.test(v) || v.includes(delimiter) ? `"${v.replace(/"/g, '""')}"` : v);

/** Rows as CSV with the union of their columns as the header. */
export function toCsv(rows: FeedRow[], delimiter = ','): string {
  const header = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const line = (values: string[]) => values.map((v) => quote(v, delimiter)).join(delimiter);
  return [line(header), ...rows.map((r) => line(header.map((h) => String(r[h] ?? ''))))].join('\n') + '\n';
}

export const toJsonLines = (rows: FeedRow[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

export interface ImportQuery {
  replace?: boolean;
  dry_run?: boolean;
  source?: string;
}

/** POSTs a stock file to /api/admin/diamonds/import. */
export async function postImport(base: string, body: string, query: ImportQuery = {}, type = 'text/csv', token = ADMIN_TOKEN) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${base}/api/admin/diamonds/import?${params}`, {
    method: 'POST',
    headers: { 'content-type': type, authorization: `Bearer ${token}` },
    body,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/**
 * POSTs `chunk` up to `times` times as a chunked body (no Content-Length) on a connection of its own,
 * and answers the status as soon as the server answers; the upload is then cut off.
 */
export function postChunked(base: string, chunk: string, times: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/admin/diamonds/import', base), {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${ADMIN_TOKEN}`, 'transfer-encoding': 'chunked' },
    });
    let sent = 0;
    const send = () => {
      while (sent < times) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', send);
      }
      req.end();
    };
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      req.destroy();
    });
    req.on('error', (error) => (sent >= times ? reject(error) : undefined));
    send();
  });
}
