/**
 * The columns of a stock file: RapNet's field names and their accepted alternates (RapNet's published
 * "Fields and values" reference for diamond uploads), plus the common trade names for the few fields
 * the reference leaves open (measurements in three columns, image and video links, total price).
 * Header names match whatever their case and spacing: "Stock #", "stock#" and "STOCK #" are one column.
 */
import { FEED_RANGE_KEYS, RANGE_ATTRIBUTES, type FeedRangeKey } from '~/features/diamonds/attributes.ts';

export const FEED_FIELDS = [
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
export type FeedField = (typeof FEED_FIELDS)[number];

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
  shape: ['Shape', 'Shp'],
  carat: ['Size', 'Carat', 'Carats', 'CaratSize', 'CaratWeight', 'Carat Weight', 'Ct', 'Cts', 'CtSize', 'CtWeight', 'Weight', 'Sz'],
  color: ['Color', 'Colr', 'Colour', 'Col'],
  clarity: ['Clarity', 'Clar', 'Clearity', 'Purity'],
  cut: ['Cut Grade', 'Cut', 'CutGrade', 'Make'],
  polish: ['Polish', 'Pol', 'Finish'],
  symmetry: ['Symmetry', 'Sym', 'Symm', 'Symetry', 'Sym-metry'],
  fluorescence: [
    'Fluorescence Intensity',
    'Flr',
    'FlrIntensity',
    'Flr Intensity',
    'Fluo',
    'Fluo Intensity',
    'Fluor',
    'Fluor Intensity',
    'Fluorescence',
    'FluorescenceIntensity',
    'Flour',
    'Fluorescence Intensity Code',
  ],
  lab: ['Lab', 'Cert', 'Certificate', 'Certificate Lab', 'CertLab', 'Grading Lab', 'Lab Name', 'Certification'],
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
  origin: ['Origin', 'Diamond Origin', 'Diamond Type', 'Product Type', 'ProductType', 'Type', 'Growth Type'],
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
export const REQUIRED_COLUMNS: { label: string; fields: FeedField[] }[] = [
  { label: 'stock number (Stock #)', fields: ['stock'] },
  { label: 'shape (Shape)', fields: ['shape'] },
  { label: 'carat (Size)', fields: ['carat'] },
  { label: 'colour (Color)', fields: ['color'] },
  { label: 'clarity (Clarity)', fields: ['clarity'] },
  { label: 'price (Price/Ct or Total Price)', fields: ['price_per_carat', 'total_price'] },
  { label: 'lab (Lab)', fields: ['lab'] },
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
