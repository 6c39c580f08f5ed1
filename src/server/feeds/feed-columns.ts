/**
 * The columns of a stock file: RapNet's field names and their accepted alternates (RapNet's published
 * "Fields and values" reference for diamond uploads), plus the common trade names for the few fields
 * the reference leaves open (measurements in three columns, image and video links, total price).
 * Header names match whatever their case and spacing: "Stock #", "stock#" and "STOCK #" are one column.
 */
import { FEED_RANGE_KEYS, RANGE_ATTRIBUTES, type FeedRangeKey } from '~/features/diamonds/attributes.ts';
import { FEED_GRADE_KEYS, GRADE_ATTRIBUTES, type FeedGradeKey } from '~/features/diamonds/grade-attributes.ts';

/**
 * The fields in RapNet's column order: a row's reasons come in this order. The grade attributes' names are
 * their entries' (grade-attributes.ts); one not placed here comes after the others.
 */
const PLACED = [
  'stock',
  'shape',
  'carat',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'certificate',
  'measurements',
  'length',
  'width',
  'height',
  // depth, table: the range attributes read from a column of their own (attributes.ts)
  ...FEED_RANGE_KEYS,
  'price_per_carat',
  'total_price',
  'availability',
  'origin',
  'image',
  'video',
  'fancy_color',
] as const;
export type FeedField = (typeof PLACED)[number] | FeedGradeKey;
export const FEED_FIELDS: readonly FeedField[] = [...PLACED, ...FEED_GRADE_KEYS.filter((k) => !(PLACED as readonly string[]).includes(k))];

/** Each field's names, RapNet's own first. */
export const FIELD_NAMES: Record<FeedField, readonly string[]> = {
  stock: [
    'Stock #',
    'Stock',
    'Stock No',
    'Stock Num',
    'Stock Number',
    'StockNo',
    'StockNum',
    'StockNumber',
    'Stock_no',
    'Stock ID',
    'ReferenceNum',
    'ReferenceNumber',
    'Reference',
    'VenderStockNumber',
    'VendorStockNumber',
    'Lot #',
    'Lot No',
    'SKU',
  ],
  ...(Object.fromEntries(FEED_GRADE_KEYS.map((k): [string, readonly string[]] => [k, GRADE_ATTRIBUTES[k].feed.names])) as Record<
    FeedGradeKey,
    readonly string[]
  >),
  carat: ['Size', 'Carat', 'Carats', 'CaratSize', 'CaratWeight', 'Carat Weight', 'Ct', 'Cts', 'CtSize', 'CtWeight', 'Weight', 'Sz'],
  certificate: [
    'Certificate #',
    'Cert #',
    'Cert Num',
    'CertID',
    'CertificateID',
    'CertificateNum',
    'CertificateNumber',
    'Certificate No',
    'Cert No',
    'CertNo',
    'CertNum',
    'Report #',
    'Report No',
    'ReportNo',
    'Lab Report #',
  ],
  measurements: ['Measurements', 'Measurement', 'Meas', 'Dimensions'],
  length: ['Measurements Length', 'Meas Length', 'Length', 'Length mm'],
  width: ['Measurements Width', 'Meas Width', 'Width', 'Width mm'],
  height: ['Measurements Depth', 'Measurements Height', 'Meas Depth', 'Height', 'Depth mm', 'Depth (mm)'],
  ...(Object.fromEntries(FEED_RANGE_KEYS.map((k): [string, readonly string[]] => [k, RANGE_ATTRIBUTES[k].feed.names])) as Record<
    FeedRangeKey,
    readonly string[]
  >),
  price_per_carat: [
    'Price',
    'Price/Ct',
    'Price Per Carat',
    'PricePerCarat',
    'Price/Carat',
    'Price Ct',
    'PPC',
    '$/Ct',
    'Asking Price',
    'AskingPrice',
    'Asking Price Per Carat',
  ],
  total_price: ['Total Price', 'TotalPrice', 'Total', 'Total Asking Price', 'Total Sales Price', 'Total $', 'Amount'],
  availability: ['Availability', 'Avail', 'Available', 'Status'],
  image: [
    'Image',
    'Image URL',
    'ImageURL',
    'Image Link',
    'ImageLink',
    'Image File',
    'Diamond Image',
    'Picture',
    'Photo',
    'Image 1',
    'Image URL 1',
    'Image Link 1',
    'Photo URL',
    'Photo Link',
    'Diamond Photo',
    'Diamond Image URL',
    'Diamond Image Link',
    'Still Image',
    'Picture URL',
  ],
  // The names suppliers give the video (RapNet: "Video Link"; Nivoda, VDB and the trade's own files: the rest).
  video: [
    'Video',
    'Video URL',
    'VideoURL',
    'Video Link',
    'VideoLink',
    'Video File',
    'V360',
    '360 Video',
    'Diamond Video',
    'Diamond Video Link',
    'Diamond Video URL',
    '3D File',
    '3D',
    '3D Link',
    '3D Video',
    '3D URL',
    '360 Link',
    '360',
    'V360 Link',
    'Video 360',
    'Video360',
    'Vision360',
    'Movie',
    'Movie URL',
    'DNA',
    'DNA Link',
    'Video Link 1',
    'Video 1',
  ],
  fancy_color: [
    'Fancy Color',
    'FancyColor',
    'Fancy Colour',
    'Fancy Color Dominant Color',
    'Fancy Color Dominant Colour',
    'Fancy Color Intensity',
    'FancyColorIntensity',
    'Fancy Colour Intensity',
    'Fancy Intensity',
    'Fancy Color Overtone',
    'FancyColorOvertone',
    'Fancy Colour Overtone',
  ],
};

/** What a header name is compared by: lower case, no white space. */
export const headerKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

const BY_NAME = new Map<string, FeedField>();
for (const field of FEED_FIELDS) for (const name of FIELD_NAMES[field]) BY_NAME.set(headerKey(name), field);

/** The field a header name stands for, or undefined for columns the shop does not read. */
export const fieldOf = (name: string): FeedField | undefined => BY_NAME.get(headerKey(name));

/** Columns without which no row can be read: a header that lacks one is refused whole. */
const requiredGrade = (key: FeedGradeKey) => ({ label: `${GRADE_ATTRIBUTES[key].feed.reason} (${GRADE_ATTRIBUTES[key].feed.names[0]})`, fields: [key] });
export const REQUIRED_COLUMNS: { label: string; fields: FeedField[] }[] = [
  { label: 'stock number (Stock #)', fields: ['stock'] },
  requiredGrade('shape'),
  { label: 'carat (Size)', fields: ['carat'] },
  requiredGrade('color'),
  requiredGrade('clarity'),
  { label: 'price (Price/Ct or Total Price)', fields: ['price_per_carat', 'total_price'] },
  requiredGrade('lab'),
  { label: 'certificate number (Certificate #)', fields: ['certificate'] },
];

export interface HeaderMap {
  /** Column position of each field found (the first column wins when two name the same field). */
  columns: Partial<Record<FeedField, number>>;
  /** The header's names the shop does not read, as the file writes them (blank names left out). */
  unknown: string[];
  /** Labels of the required columns that the header lacks. */
  missing: string[];
}

/** At most this many unknown column names are listed (a header is the supplier's, of any length). */
const MAX_UNKNOWN = 200;

export function mapHeader(names: readonly string[]): HeaderMap {
  const columns: Partial<Record<FeedField, number>> = {};
  const unknown: string[] = [];
  names.forEach((name, i) => {
    const field = fieldOf(name);
    if (field && columns[field] === undefined) columns[field] = i;
    else if (!field && name.trim() && unknown.length < MAX_UNKNOWN) unknown.push(name.trim().slice(0, 64));
  });
  const missing = REQUIRED_COLUMNS.filter((r) => r.fields.every((f) => columns[f] === undefined)).map((r) => r.label);
  return { columns, missing, unknown };
}

export class FeedHeaderError extends Error {
  readonly missing: string[];
  constructor(missing: string[]) {
    super(`The file's header has no column for ${missing.join(', ')}; nothing was imported`);
    this.missing = missing;
  }
}
