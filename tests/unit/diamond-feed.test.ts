import type { AstroCookies } from 'astro';
/**
 * Reading diamond stock files: RapNet's column names and codes (the table below is RapNet's published
 * field reference for diamond uploads, as far as the shop sells the grades), numbers and prices, CSV and
 * JSON Lines as they stream, and the markup bands.
 */
import { describe, expect, it } from 'vitest';
import { FEED_FIELDS, FIELD_NAMES, FeedHeaderError, fieldOf, mapHeader } from '~/server/feeds/feed-columns.ts';
import { readAvailability, readClarity, readColor, readCut, readFinish, readFluorescence, readLab, readOrigin, readShape } from '~/server/feeds/feed-codes.ts';
import { parseDecimal, retailCents, markupFor } from '~/server/feeds/feed-money.ts';
import { parseMeasurements, readRow, type RawRow } from '~/server/feeds/feed-row.ts';
import { detectDelimiter, FeedFormatError, readFeed, type FeedRecord } from '~/server/feeds/feed-reader.ts';
import { markupSchema } from '~/features/diamonds/markup.schema.ts';
import { parseImportArgs, CliUsageError } from '~/server/feeds/import-args.ts';
import { formatOf, formatOfContentType } from '~/server/feeds/import-format.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';

/** RapNet header names (and alternates) → the field they fill. */
const HEADERS: [string, string][] = [
  ['Stock #', 'stock'],
  ['StockNo', 'stock'],
  ['Stock_no', 'stock'],
  ['stock num', 'stock'],
  ['VenderStockNumber', 'stock'],
  ['ReferenceNumber', 'stock'],
  ['Shape', 'shape'],
  ['Shp', 'shape'],
  ['Size', 'carat'],
  ['Carat', 'carat'],
  ['CaratWeight', 'carat'],
  ['Ct', 'carat'],
  ['Weight', 'carat'],
  ['Sz', 'carat'],
  ['Color', 'color'],
  ['Colr', 'color'],
  ['Colour', 'color'],
  ['Clarity', 'clarity'],
  ['Clar', 'clarity'],
  ['Clearity', 'clarity'],
  ['Purity', 'clarity'],
  ['Cut Grade', 'cut'],
  ['Cut', 'cut'],
  ['CutGrade', 'cut'],
  ['Polish', 'polish'],
  ['Finish', 'polish'],
  ['Pol', 'polish'],
  ['Symmetry', 'symmetry'],
  ['Sym', 'symmetry'],
  ['Symetry', 'symmetry'],
  ['Sym-metry', 'symmetry'],
  ['Fluorescence Intensity', 'fluorescence'],
  ['Flr', 'fluorescence'],
  ['FlrIntensity', 'fluorescence'],
  ['Fluo Intensity', 'fluorescence'],
  ['Fluor', 'fluorescence'],
  ['Fluor Intensity', 'fluorescence'],
  ['Fluorescence', 'fluorescence'],
  ['FluorescenceIntensity', 'fluorescence'],
  ['Lab', 'lab'],
  ['Cert', 'lab'],
  ['Certificate #', 'certificate'],
  ['Cert Num', 'certificate'],
  ['CertID', 'certificate'],
  ['CertificateID', 'certificate'],
  ['CertificateNum', 'certificate'],
  ['CertificateNumber', 'certificate'],
  ['CertNo', 'certificate'],
  ['CertNum', 'certificate'],
  ['Measurements', 'measurements'],
  ['Measurements Length', 'length'],
  ['Measurements Width', 'width'],
  ['Measurements Depth', 'height'],
  ['Depth %', 'depth'],
  ['Depth', 'depth'],
  ['Table %', 'table'],
  ['Table', 'table'],
  ['Price', 'price_per_carat'],
  ['Price/Ct', 'price_per_carat'],
  ['Price Per Carat', 'price_per_carat'],
  ['PPC', 'price_per_carat'],
  ['Asking Price', 'price_per_carat'],
  ['Total Price', 'total_price'],
  ['TotalPrice', 'total_price'],
  ['Availability', 'availability'],
  ['Avail', 'availability'],
  ['Available', 'availability'],
  ['Status', 'availability'],
  ['Product Type', 'origin'],
  ['ProductType', 'origin'],
  ['Type', 'origin'],
  ['Origin', 'origin'],
  ['Image', 'image'],
  ['Image URL', 'image'],
  ['Video', 'video'],
  ['Video URL', 'video'],
  ['Fancy Color', 'fancy_color'],
];

/** RapNet value codes → the shop's grade. */
const CODES: [string, (v: string) => unknown, string, string][] = [
  ['shape', readShape, 'B', 'round'],
  ['shape', readShape, 'BR', 'round'],
  ['shape', readShape, 'RB', 'round'],
  ['shape', readShape, 'RD', 'round'],
  ['shape', readShape, 'RBC', 'round'],
  ['shape', readShape, 'Round Brilliant', 'round'],
  ['shape', readShape, 'PS', 'pear'],
  ['shape', readShape, 'PSH', 'pear'],
  ['shape', readShape, 'EC', 'emerald'],
  ['shape', readShape, 'EM', 'emerald'],
  ['shape', readShape, 'CU', 'cushion'],
  ['shape', readShape, 'CB', 'cushion'],
  ['shape', readShape, 'CMB', 'cushion'],
  ['shape', readShape, 'PR', 'princess'],
  ['shape', readShape, 'PRN', 'princess'],
  ['shape', readShape, 'MQ', 'marquise'],
  ['shape', readShape, 'MQB', 'marquise'],
  ['shape', readShape, 'AC', 'asscher'],
  ['shape', readShape, 'CSS', 'asscher'],
  ['shape', readShape, 'HS', 'heart'],
  ['shape', readShape, 'HT', 'heart'],
  ['shape', readShape, 'OV', 'oval'],
  ['shape', readShape, 'OMB', 'oval'],
  ['shape', readShape, 'RAD', 'radiant'],
  ['shape', readShape, 'RA', 'radiant'],
  ['cut', readCut, 'I', 'Ideal'],
  ['cut', readCut, 'ID', 'Ideal'],
  ['cut', readCut, 'EX', 'Excellent'],
  ['cut', readCut, 'EXC', 'Excellent'],
  ['cut', readCut, 'VG', 'Very Good'],
  ['cut', readCut, 'G', 'Good'],
  ['cut', readCut, 'F', 'Fair'],
  ['polish', (v) => readFinish(v, 'polish'), 'EX', 'Excellent'],
  ['polish', (v) => readFinish(v, 'polish'), 'X', 'Excellent'],
  ['polish', (v) => readFinish(v, 'polish'), 'V.G', 'Very Good'],
  ['polish', (v) => readFinish(v, 'polish'), 'G', 'Good'],
  ['polish', (v) => readFinish(v, 'polish'), 'F', 'Fair'],
  ['fluorescence', readFluorescence, 'NON', 'None'],
  ['fluorescence', readFluorescence, 'None', 'None'],
  ['fluorescence', readFluorescence, 'FNT', 'Faint'],
  ['fluorescence', readFluorescence, 'MED', 'Medium'],
  ['fluorescence', readFluorescence, 'STG', 'Strong'],
  ['fluorescence', readFluorescence, 'VST', 'Very Strong'],
  ['fluorescence', readFluorescence, 'Very Strong', 'Very Strong'],
  ['availability', readAvailability, 'G', 'G'],
  ['availability', readAvailability, 'GA', 'G'],
  ['availability', readAvailability, 'Guaranteed', 'G'],
  ['availability', readAvailability, 'M', 'M'],
  ['availability', readAvailability, 'On Memo', 'M'],
  ['availability', readAvailability, 'STPS', 'STPS'],
  ['availability', readAvailability, 'Subject to Prior Sale', 'STPS'],
  ['availability', readAvailability, 'NA', 'NA'],
  ['availability', readAvailability, 'Not Available', 'NA'],
  ['availability', readAvailability, '', 'G'],
  ['lab', readLab, 'gia', 'GIA'],
  ['lab', readLab, 'IGI', 'IGI'],
  ['lab', readLab, 'AGSL', 'AGS'],
  ['lab', readLab, 'HRD', 'HRD'],
  ['origin', readOrigin, 'diamond', 'natural'],
  ['origin', readOrigin, 'Natural', 'natural'],
  ['origin', readOrigin, '', 'natural'],
  ['origin', readOrigin, 'lab grown diamond', 'lab_grown'],
  ['origin', readOrigin, 'Lab-Grown', 'lab_grown'],
  ['origin', readOrigin, 'LGD', 'lab_grown'],
  ['clarity', readClarity, 'vvs-1', 'VVS1'],
  ['clarity', readClarity, 'FL', 'FL'],
  ['clarity', readClarity, 'I1', 'I1'],
  ['color', (v) => readColor(v, ''), 'd', 'D'],
  ['color', (v) => readColor(v, ''), 'M', 'M'],
];

/** Grades the shop does not sell: rejected with a reason, never coerced. */
const NOT_SOLD: [string, () => unknown, RegExp][] = [
  ['fancy colour', () => readColor('Fancy Vivid Pink', ''), /^fancy colour: not sold \("Fancy Vivid Pink"/],
  ['fancy colour column', () => readColor('', 'Yellow'), /^fancy colour: not sold \("Yellow"/],
  ['colour N', () => readColor('N', ''), /colour "N" is not sold/],
  ['clarity I2', () => readClarity('I2'), /clarity "I2" is not sold/],
  ['clarity I3', () => readClarity('I3'), /clarity "I3" is not sold/],
  ['clarity SI3', () => readClarity('SI3'), /clarity "SI3" is not sold/],
  ['lab EGL', () => readLab('EGL'), /lab "EGL" is not a lab the shop sells/],
  ['lab GCAL', () => readLab('GCAL'), /lab "GCAL" is not a lab the shop sells/],
  ['cut Poor', () => readCut('P'), /Poor\) is not sold/],
  ['polish VG-EX', () => readFinish('VG-EX', 'polish'), /polish "VG-EX" is not a grade the shop sells/],
  ['fluorescence Slight', () => readFluorescence('SLT'), /Slight/],
  ['shape trilliant', () => readShape('Trilliant'), /shape "Trilliant" is not a shape the shop sells/],
  ['rough', () => readOrigin('rough'), /product type "rough" is not a polished diamond/],
];

const base: RawRow = {
  stock: 'S-1',
  shape: 'BR',
  carat: '1.01',
  color: 'G',
  clarity: 'VS2',
  cut: 'EX',
  polish: 'EX',
  symmetry: 'VG',
  fluorescence: 'NON',
  lab: 'GIA',
  certificate: '2141234567',
  measurements: '6.45-6.42*3.98',
  depth: '61.8',
  table: '57',
  price_per_carat: '4235.50',
};

async function collect(text: string | Uint8Array[]): Promise<FeedRecord[]> {
  const chunks = typeof text === 'string' ? [new TextEncoder().encode(text)] : text;
  const out: FeedRecord[] = [];
  for await (const r of readFeed(
    (async function* () {
      yield* chunks;
    })(),
  ))
    out.push(r);
  return out;
}

describe('columns', () => {
  it.each(HEADERS)('%s → %s', (name, field) => {
    expect(fieldOf(name)).toBe(field);
    expect(fieldOf(name.toUpperCase().replace(/ /g, '  '))).toBe(field);
  });
  it('gives no name to two fields', () => {
    const owners = new Map<string, Set<string>>();
    for (const f of FEED_FIELDS)
      for (const n of FIELD_NAMES[f]) owners.set(n.replace(/\s+/g, '').toLowerCase(), (owners.get(n.replace(/\s+/g, '').toLowerCase()) ?? new Set()).add(f));
    expect([...owners].filter(([, fields]) => fields.size > 1)).toEqual([]);
  });
  it('lists the required columns a header lacks', () => {
    expect(mapHeader(['Stock #', 'Lab', 'Cert #', 'Size', 'Clarity']).missing).toEqual(['shape (Shape)', 'colour (Color)', 'price (Price/Ct or Total Price)']);
    expect(mapHeader(['Stock #', 'Shape', 'Size', 'Color', 'Clarity', 'Total Price', 'Lab', 'Certificate #']).missing).toEqual([]);
  });
});

describe('codes', () => {
  it.each(CODES)('%s %s → %s', (_field, read, code, value) => {
    expect(read(code)).toEqual({ value });
  });
  it.each(NOT_SOLD)('%s is rejected with its reason', (_label, read, reason) => {
    const r = read() as { reason?: string };
    expect(r.reason).toMatch(reason);
  });
});

describe('numbers and prices', () => {
  it('parses decimals exactly, with thousands separators or a decimal comma', () => {
    expect(parseDecimal('4,250.50')).toEqual({ units: 425050n, scale: 2 });
    expect(parseDecimal('$ 1999')).toEqual({ units: 1999n, scale: 0 });
    expect(parseDecimal('0,70')).toEqual({ units: 70n, scale: 2 });
    expect(parseDecimal('1.2.3')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
  });
  it('multiplies a price per carat out in cents and rounds once, markup included', () => {
    const carat = parseDecimal('1.01')!;
    expect(retailCents({ perCarat: parseDecimal('4235.50')! }, carat, markupFor([], 1.01))).toBe(427786); // 4277.855
    // Rounding the per-carat product first (4277.86) and then × 1.15 would give 4919.54; once gives 4919.53.
    expect(retailCents({ perCarat: parseDecimal('4235.50')! }, carat, markupFor([{ from: 1, multiplier: 1.15 }], 1.01))).toBe(491953);
    expect(retailCents({ total: parseDecimal('1234.56')! }, carat, markupFor([{ from: 0, to: 1, multiplier: 2 }], 1.01))).toBe(123456);
  });
  it('reads measurements as L x W x D or L-W*D', () => {
    expect(parseMeasurements('6.45 x 6.42 x 3.98')).toEqual([6.45, 6.42, 3.98]);
    expect(parseMeasurements('6.42-6.45*3.98')).toEqual([6.45, 6.42, 3.98]);
    expect(parseMeasurements('8,10X5,20X3,20 mm')).toEqual([8.1, 5.2, 3.2]);
    expect(parseMeasurements('6.4 x 6.3')).toBeUndefined();
    expect(parseMeasurements('0 x 6 x 3')).toBeUndefined();
  });
});

describe('a row', () => {
  it('becomes a stone in the shop vocabulary', () => {
    const r = readRow(base, []);
    expect(r).toEqual({
      stone: expect.objectContaining({
        sku: 'S-1',
        shape: 'round',
        carat: 1.01,
        cut: 'Excellent',
        polish: 'Excellent',
        symmetry: 'Very Good',
        fluorescence: 'None',
        lab: 'GIA',
        certificate_number: '2141234567',
        origin: 'natural',
        length_mm: 6.45,
        width_mm: 6.42,
        depth_mm: 3.98,
        lw_ratio: 1,
        price_cents: 427786,
        availability: 'G',
        image_url: null,
      }),
    });
  });
  it('takes a fancy shape without a cut grade (labs grade cut on rounds only) as not graded; a round without one is refused', () => {
    for (const cut of ['', '  ', 'N/A', '-', 'None']) {
      expect(readRow({ ...base, shape: 'Oval', cut, measurements: '8.1 x 5.6 x 3.5' }, [])).toEqual({
        stone: expect.objectContaining({ shape: 'oval', cut: 'Not graded' }),
      });
    }
    expect(readRow({ ...base, shape: 'PS', cut: 'VG' }, [])).toEqual({ stone: expect.objectContaining({ shape: 'pear', cut: 'Very Good' }) });
    expect(readRow({ ...base, cut: '' }, [])).toEqual({ reasons: ['missing cut grade'] });
    expect(readRow({ ...base, cut: 'N/A' }, [])).toEqual({ reasons: ['unknown cut grade "N/A" (EX, VG, G, F, or Ideal)'] });
  });
  it('reports a fancy-colour row as "fancy colour: not sold", not as a missing colour', () => {
    const r = readRow({ ...base, color: '', fancy_color: 'Fancy Light Yellow' }, []);
    expect(r).toEqual({ reasons: ['fancy colour: not sold ("Fancy Light Yellow"; the shop sells D to M)'] });
  });
  it('gives every reason at once', () => {
    const r = readRow({ ...base, carat: '31', depth: '0', table: '100.5', price_per_carat: '0', measurements: 'n/a', stock: '', image: 'ftp://x' }, []);
    expect(r).toEqual({
      reasons: [
        'missing stock number',
        'carat "31" must be more than 0 and at most 30',
        'depth % "0" is out of 0–100',
        'table % "100.5" is out of 0–100',
        'measurements "n/a" do not parse (L x W x D or L-W*D, in mm)',
        'price "0" must be more than 0',
        'image URL "ftp://x" is not an http(s) address',
      ],
    });
  });
});

describe('supplier column names', () => {
  it.each(['Diamond Video', 'Video Link', '3D File', 'V360 Link', 'Video 360', 'DNA', 'Movie'])('%s fills the video', (name) => {
    expect(fieldOf(name)).toBe('video');
  });
  it('lists the columns the importer does not read, as the file names them', () => {
    const header = mapHeader([
      'Stock #',
      'Shape',
      'Size',
      'Color',
      'Clarity',
      'Price',
      'Lab',
      'Cert #',
      'Member Comment',
      'Key To Symbols',
      '',
      'Diamond Video',
    ]);
    expect(header.unknown).toEqual(['Member Comment', 'Key To Symbols']);
    expect(header.columns.video).toBe(11);
  });
});

describe('reading a file as it streams', () => {
  it('finds the delimiter in the header', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('"a;b",c,d')).toBe(',');
  });
  it('reads quoted fields, doubled quotes, line breaks inside quotes and a BOM, with the line each row starts on', async () => {
    const header = 'Stock #;Shape;Size;Color;Clarity;Price/Ct;Lab;Cert #;Comment';
    const text = `\uFEFF${header}\r\nA;BR;1;G;VS1;100;GIA;1;"one\r\n""two"";three"\r\n\r\nB;PS;2;H;SI1;200;IGI;2;x\r\n`;
    // Chunks split inside the BOM and mid-row: they do not matter.
    const bytes = new TextEncoder().encode(text);
    const records = await collect([bytes.slice(0, 2), bytes.slice(2, 70), bytes.slice(70)]);
    expect(records.map((r) => [r.line, r.raw.stock, r.raw.shape])).toEqual([
      [2, 'A', 'BR'],
      [5, 'B', 'PS'],
    ]);
  });
  it('reads stray quotes as characters, and a line break other than the file’s inside a field, whole or a byte at a time', async () => {
    const text = 'Stock #,Shape,Size,Color,Clarity,Price,Lab,Cert #,Comment\r\nA"1,"B"R,1,G,VS1,100,GIA,1,x\ny\r\n\r\n"C""2",PS,2,H,SI1,200,IGI,2,ok\r\n';
    const bytes = new TextEncoder().encode(text);
    for (const chunks of [[bytes], Array.from(bytes, (b) => Uint8Array.of(b))]) {
      const records = await collect(chunks);
      expect(records.map((r) => [r.line, r.raw.stock, r.raw.shape, r.raw.certificate])).toEqual([
        [2, 'A"1', '"B"R', '1'],
        [5, 'C"2', 'PS', '2'],
      ]);
    }
  });
  it('reads JSON Lines, and reports a line that is not an object', async () => {
    const records = await collect(
      '{"Stock #":"A","Shape":"BR","Size":1,"Color":"G","Clarity":"VS1","Price":100,"Lab":"GIA","Cert #":"1"}\n\n[1]\n{"StockNo":"B","Size":2.5}\n',
    );
    expect(records).toEqual([
      { line: 1, raw: expect.objectContaining({ stock: 'A', carat: '1', price_per_carat: '100' }) },
      { line: 3, raw: {}, error: 'the line is not a JSON object' },
      { line: 4, raw: { stock: 'B', carat: '2.5' } },
    ]);
  });
  it('refuses a header without the required columns, naming them', async () => {
    await expect(collect('Stock #,Size,Color,Lab,Cert #\n1,1,G,GIA,1\n')).rejects.toThrow(FeedHeaderError);
    await expect(collect('Stock #,Size,Color,Lab,Cert #\n1,1,G,GIA,1\n')).rejects.toThrow(/shape \(Shape\), clarity \(Clarity\), price/);
    await expect(collect('')).rejects.toThrow(FeedFormatError);
  });
});

describe('markup bands', () => {
  it('are validated: positive multipliers, to above from, no overlap', () => {
    expect(
      markupSchema.safeParse([
        { from: 0, to: 1, multiplier: 1.3 },
        { from: 1, multiplier: 1.2 },
      ]).success,
    ).toBe(true);
    const bad = markupSchema.safeParse([
      { from: 0, to: 2, multiplier: 1.3 },
      { from: 1, to: 0.5, multiplier: 0 },
      { from: 3, extra: 1, multiplier: 1 },
    ]);
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['1.multiplier', '1.to', '2']));
  });
});

describe('the import command and route', () => {
  it('parses the CLI arguments', () => {
    expect(parseImportArgs(['f.csv', '--replace', '--source', 'acme', '--markup', 'm.json', '--dry-run'])).toEqual({
      file: 'f.csv',
      replace: true,
      dryRun: true,
      source: 'acme',
      markup: 'm.json',
    });
    expect(() => parseImportArgs([])).toThrow(CliUsageError);
    expect(() => parseImportArgs(['f.csv', '--source'])).toThrow(/--source needs a value/);
    expect(() => parseImportArgs(['f.csv', '--source', 'a b'])).toThrow(/--source takes/);
    expect(() => parseImportArgs(['f.csv', '--force'])).toThrow(/unknown option --force/);
  });
  it('tells the format from a file name or a Content-Type', () => {
    expect(formatOf('stock.ndjson')).toBe('jsonl');
    expect(formatOf('stock.CSV')).toBe('csv');
    expect(formatOf('stock')).toBeUndefined();
    expect(formatOfContentType('text/csv; charset=utf-8')).toBe('csv');
    expect(formatOfContentType('application/x-ndjson')).toBe('jsonl');
    expect(formatOfContentType('application/json')).toBeNull();
  });
  it('does not exist without ADMIN_TOKEN: a 404 like any unknown /api path', async () => {
    const saved = process.env.ADMIN_TOKEN;
    delete process.env.ADMIN_TOKEN;
    try {
      const context = {
        request: new Request('http://x/api/admin/diamonds/import', { method: 'POST' }),
        url: new URL('http://x/api/admin/diamonds/import'),
        clientAddress: '127.0.0.1',
        cookies: { get: () => undefined } as unknown as AstroCookies,
        locals: {} as App.Locals,
      };
      await expect(requireAdmin(context)).rejects.toMatchObject({ status: 404, message: 'No API endpoint at /api/admin/diamonds/import' });
    } finally {
      if (saved !== undefined) process.env.ADMIN_TOKEN = saved;
    }
  });
});

describe('a source that fails mid-stream', () => {
  it('fails the read with its own error (CSV and JSON Lines)', async () => {
    for (const first of ['Stock #,Shape,Size,Color,Clarity,Price,Lab,Cert #\n1,BR,1,G,VS1,100,GIA,1\n', '{"Stock #":"1"}\n']) {
      const source = (async function* () {
        yield new TextEncoder().encode(first);
        throw new Error('connection dropped');
      })();
      const read = async () => {
        for await (const _ of readFeed(source)) void _;
      };
      await expect(read()).rejects.toThrow(first.startsWith('{') ? /connection dropped|header has no column/ : 'connection dropped');
    }
  });
});
