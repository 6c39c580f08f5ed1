/**
 * One product of a Shopify product CSV, read and checked from its rows: what the shop would write, or
 * every reason against it, each on the line that has it. Nothing here touches the database.
 *
 * How Shopify's columns map onto the shop (docs/api.md, "Product import and export"):
 * - Handle → the product's slug (its address and identity: a handle already in the shop updates that
 *   product in place); Title, Vendor, SEO Title, SEO Description as written; Body (HTML) sanitised.
 * - Type → the category, by name or slug (a new one is created).
 * - Options: Metal (one of the shop's metals, by name), Total Carat Weight or Carat ("1/2", "1 1/2",
 *   "0.75", "1 ct"), Ring Size (the shop's US sizes; rows that differ only in size are one variant to the
 *   shop, which offers every size on a ring, and must share a price). Other option names are refused.
 * - Tags: `style:NAME`, `design:CODE` (the drawing shown without photographs), `ring-size`, and for a
 *   build-your-own setting `setting`, `shapes:round|oval|…` and `carat:MIN-MAX`; `unlisted:METAL` keeps a
 *   metal off listing swatches. Other tags are ignored.
 * - Published (FALSE) or Status (draft, archived) take the product off sale; Status active or empty with
 *   Published TRUE or empty puts it on sale.
 * - Image Src (a file beside the CSV, or an http(s) address), Image Position, Image Alt Text; Variant Image
 *   names a variant's own photograph.
 */
import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { RING_SIZES } from '~/features/products/ring-sizes.ts';
import { METAL_CODES } from '~/features/products/metals.ts';
import type { ShopifyProductRows, ShopifyRow } from './shopify-csv.ts';

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The metals the shop works in, by the names Shopify files use for them. */
export const SHOP_METALS = [
  { code: '14k_white_gold', name: '14K White Gold', swatch_type: 'color', swatch_value: '#e4e4e1', position: 1 },
  { code: '14k_yellow_gold', name: '14K Yellow Gold', swatch_type: 'color', swatch_value: '{"from":"#f6e3a1","to":"#d4af37"}', position: 2 },
  { code: '18k_rose_gold', name: '18K Rose Gold', swatch_type: 'color', swatch_value: '{"from":"#f4c9b8","to":"#c98b73"}', position: 3 },
  { code: 'platinum', name: 'Platinum', swatch_type: 'color', swatch_value: '#d5d6d8', position: 4 },
] as const satisfies readonly { code: (typeof METAL_CODES)[number]; name: string; swatch_type: 'color'; swatch_value: string; position: number }[];

const metalKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const METAL_BY_NAME = new Map<string, string>(
  SHOP_METALS.flatMap((m) => [
    [metalKey(m.name), m.code],
    [metalKey(m.code), m.code],
  ]),
);

export interface DraftPhoto {
  line: number;
  src: string;
  alt: string;
  position: number;
  /** The variant (metal and weight) whose own photograph it is; undefined: the product's. */
  variant?: { metal: string; ctw: number };
}

export interface DraftVariant {
  line: number;
  sku: string;
  metal: string;
  ctw: number;
  price_cents: number;
  compare_at_cents: number | null;
}

export interface ProductDraft {
  handle: string;
  line: number;
  title: string;
  body_html: string;
  description: string;
  vendor: string | null;
  type: string;
  style: string;
  design: string | null;
  on_sale: boolean;
  is_byo: boolean;
  accepted_shapes: Shape[];
  carat_min: number | null;
  carat_max: number | null;
  has_ring_size: boolean;
  unlisted: string[];
  seo_title: string | null;
  seo_description: string | null;
  variants: DraftVariant[];
  photos: DraftPhoto[];
}

export interface LineReasons {
  line: number;
  reasons: string[];
}

export type DraftResult = { draft: ProductDraft } | { rejected: LineReasons[] };

/** Sanitised description HTML: text structure and links only; no scripts, styles, images or frames. */
export function sanitiseBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'a',
      'span',
      'div',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
  }).trim();
}

/** The plain text of a description, for search, listings and meta tags. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h\d|div|tr)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Dollars as written in a price column ("1290", "1,290.00", "$1290.5") to cents; undefined when not a price. */
export function readPrice(text: string): number | undefined {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

/** A total carat weight as the trade writes it ("1/2", "1 1/2", "0.75", "1 ct. tw.") to carats (2 decimals). */
export function readCarat(text: string): number | undefined {
  const t = text
    .toLowerCase()
    .replace(/c(?:t|arats?)\.?\s*(t\.?\s*w\.?)?$/, '')
    .replace(/tw\.?$/, '')
    .trim();
  const m = /^(?:(\d+(?:\.\d+)?)|(?:(\d+)\s+)?(\d+)\/(\d+))$/.exec(t);
  if (!m) return undefined;
  const value = m[1] !== undefined ? Number(m[1]) : Number(m[2] ?? 0) + Number(m[3]) / Number(m[4]);
  if (!Number.isFinite(value) || value < 0 || value > 100) return undefined;
  return Math.round(value * 100) / 100;
}

const OPTION_KINDS: Record<string, 'metal' | 'ctw' | 'size'> = {
  metal: 'metal',
  'total carat weight': 'ctw',
  carat: 'ctw',
  'carat weight': 'ctw',
  'ring size': 'size',
  size: 'size',
};

const cell = (row: ShopifyRow, c: keyof ShopifyRow) => row[c]?.trim() ?? '';

export function readProduct(group: ShopifyProductRows): DraftResult {
  const reasons = new Map<number, string[]>();
  const say = (line: number, reason: string) => reasons.set(line, [...(reasons.get(line) ?? []), reason]);
  const first = group.records[0]!;
  const head = first.row;
  const handle = group.handle;
  if (!handle) say(first.line, 'Handle is empty');
  else if (!HANDLE_PATTERN.test(handle) || handle.length > 200)
    say(first.line, `Handle ${JSON.stringify(handle)} must be lower-case letters, digits and single dashes`);
  const title = cell(head, 'Title');
  if (!title) say(first.line, 'Title is empty (the first row of a product carries its Title)');
  if (title.length > 200) say(first.line, 'Title is longer than 200 characters');
  const type = cell(head, 'Type');
  if (!type) say(first.line, 'Type is empty: it names the category (Engagement Rings, Earrings …)');

  // Options, as the first row names them.
  const kinds: ('metal' | 'ctw' | 'size' | undefined)[] = [];
  for (const i of [1, 2, 3] as const) {
    const name = cell(head, `Option${i} Name`);
    if (!name || (i === 1 && name.toLowerCase() === 'title' && cell(head, 'Option1 Value').toLowerCase() === 'default title')) {
      kinds.push(undefined);
      continue;
    }
    const kind = OPTION_KINDS[name.toLowerCase().replace(/\s+/g, ' ')];
    if (!kind) say(first.line, `Option${i} Name ${JSON.stringify(name)} is not one the shop sells by (Metal, Total Carat Weight or Carat, Ring Size)`);
    else if (kinds.includes(kind)) say(first.line, `Option${i} Name ${JSON.stringify(name)} repeats an option`);
    kinds.push(kind);
  }
  if (!kinds.includes('metal')) say(first.line, `no Metal option: each piece is sold in a metal (${SHOP_METALS.map((m) => m.name).join(', ')})`);

  // Tags.
  const tags = cell(head, 'Tags')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  let style = 'classic';
  let design: string | null = null;
  let isByo = false;
  let hasRingSize = kinds.includes('size');
  let shapes: Shape[] = [];
  let caratMin: number | null = null;
  let caratMax: number | null = null;
  const unlisted: string[] = [];
  for (const tag of tags) {
    const [key, ...rest] = tag.split(':');
    const value = rest.join(':').trim().toLowerCase();
    switch (key!.trim().toLowerCase()) {
      case 'style':
        if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) style = value;
        else say(first.line, `tag ${JSON.stringify(tag)}: a style is lower-case words joined by dashes`);
        break;
      case 'design':
        design = value || null;
        break;
      case 'setting':
      case 'build-your-own':
        if (!rest.length) isByo = true;
        break;
      case 'ring-size':
        if (!rest.length) hasRingSize = true;
        break;
      case 'shapes':
      case 'shape': {
        const list = value.split(/[|/\s]+/).filter(Boolean);
        const unknown = list.filter((s) => !SHAPES.includes(s as Shape));
        if (unknown.length)
          say(first.line, `tag ${JSON.stringify(tag)}: unknown shape${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (the shop's: ${SHAPES.join(', ')})`);
        shapes = [...new Set([...shapes, ...(list.filter((s) => SHAPES.includes(s as Shape)) as Shape[])])];
        break;
      }
      case 'carat': {
        const m = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(value);
        if (!m || Number(m[1]) <= 0 || Number(m[1]) > Number(m[2])) say(first.line, `tag ${JSON.stringify(tag)}: the carat range is MIN-MAX, e.g. carat:0.5-3`);
        else [caratMin, caratMax] = [Number(m[1]), Number(m[2])];
        break;
      }
      case 'unlisted': {
        const code = METAL_BY_NAME.get(metalKey(value));
        if (code) unlisted.push(code);
        else say(first.line, `tag ${JSON.stringify(tag)}: unknown metal`);
        break;
      }
    }
  }
  if (isByo && !shapes.length) say(first.line, 'a setting (tag "setting") needs the shapes it accepts (tag shapes:round|oval|…)');
  if (isByo && caratMin === null) say(first.line, 'a setting (tag "setting") needs its carat range (tag carat:MIN-MAX)');

  const status = cell(head, 'Status').toLowerCase();
  if (status && !['active', 'draft', 'archived'].includes(status))
    say(first.line, `Status ${JSON.stringify(cell(head, 'Status'))} is not active, draft or archived`);
  const published = cell(head, 'Published').toLowerCase();
  if (published && !['true', 'false'].includes(published)) say(first.line, `Published ${JSON.stringify(cell(head, 'Published'))} is not TRUE or FALSE`);

  // Variants and photographs, row by row.
  const variants = new Map<string, DraftVariant & { sizes: Set<string> }>();
  const skus = new Set<string>();
  const photos: DraftPhoto[] = [];
  for (const { line, row } of group.records) {
    if (line !== first.line && cell(row, 'Title') && cell(row, 'Title') !== title)
      say(line, `a second Title for the handle ${handle}: rows of one product follow each other, with the Title on the first`);
    const values = [cell(row, 'Option1 Value'), cell(row, 'Option2 Value'), cell(row, 'Option3 Value')];
    const price = cell(row, 'Variant Price');
    const isVariant = price !== '' || values.some((v, i) => v && kinds[i]) || cell(row, 'Variant SKU') !== '';
    const image = cell(row, 'Image Src');
    if (image) {
      const position = cell(row, 'Image Position');
      if (position && !/^\d{1,4}$/.test(position)) say(line, `Image Position ${JSON.stringify(position)} is not a whole number`);
      if (!/^https?:\/\//i.test(image) && (image.includes('\0') || image.length > 2000)) say(line, 'Image Src is not a file name or an http(s) address');
      photos.push({ line, src: image, alt: cell(row, 'Image Alt Text').slice(0, 500), position: position ? Number(position) : 10_000 + photos.length });
    }
    if (!isVariant) {
      if (!image) say(line, 'neither a variant (Variant Price) nor a photograph (Image Src)');
      continue;
    }
    const rowReasons: string[] = [];
    let metal = '';
    let ctw = 0;
    let size = '';
    kinds.forEach((kind, i) => {
      const v = values[i]!;
      if (!kind) return;
      if (!v) return rowReasons.push(`Option${i + 1} Value is empty`);
      if (kind === 'metal') {
        metal = METAL_BY_NAME.get(metalKey(v)) ?? '';
        if (!metal) rowReasons.push(`metal ${JSON.stringify(v)} is not one the shop works in (${SHOP_METALS.map((m) => m.name).join(', ')})`);
      } else if (kind === 'ctw') {
        const c = readCarat(v);
        if (c === undefined) rowReasons.push(`total carat weight ${JSON.stringify(v)} is not a weight (1/2, 1 1/2, 0.75 ct)`);
        else ctw = c;
      } else {
        size = v.replace(/^(us\s*)?/i, '').replace(/\.0$/, '');
        if (!RING_SIZES.includes(size))
          rowReasons.push(`ring size ${JSON.stringify(v)} is not one of the shop's US sizes (${RING_SIZES[0]} to ${RING_SIZES.at(-1)} in halves)`);
      }
    });
    const cents = readPrice(price);
    if (cents === undefined || cents <= 0)
      rowReasons.push(price ? `Variant Price ${JSON.stringify(price)} is not a price in dollars` : 'Variant Price is empty');
    const compareText = cell(row, 'Variant Compare At Price');
    const compare = compareText ? readPrice(compareText) : null;
    if (compare === undefined) rowReasons.push(`Variant Compare At Price ${JSON.stringify(compareText)} is not a price in dollars`);
    else if (compare !== null && cents !== undefined && compare < cents) rowReasons.push('Variant Compare At Price is below Variant Price');
    const sku = cell(row, 'Variant SKU') || `${handle}-${metal}-${Math.round(ctw * 100)}`.toUpperCase();
    if (sku.length > 64) rowReasons.push('Variant SKU is longer than 64 characters');
    const key = `${metal}|${ctw}`;
    const known = variants.get(key);
    if (!rowReasons.length) {
      if (known && (!size || known.sizes.has(size))) rowReasons.push(`a second variant in ${metal} of ${ctw} ct (first on line ${known.line})`);
      else if (known && known.price_cents !== cents)
        rowReasons.push(
          `ring size ${size} is priced ${price}, size ${[...known.sizes][0]} on line ${known.line} ${(known.price_cents / 100).toFixed(2)}: the shop prices every size of a ring alike`,
        );
      else if (!known && skus.has(sku)) rowReasons.push(`Variant SKU ${sku} is used twice`);
    }
    rowReasons.forEach((r) => say(line, r));
    if (rowReasons.length) continue;
    if (known) known.sizes.add(size);
    else {
      skus.add(sku);
      variants.set(key, { line, sku, metal, ctw, price_cents: cents!, compare_at_cents: compare ?? null, sizes: new Set(size ? [size] : []) });
    }
    const own = cell(row, 'Variant Image');
    if (own) photos.push({ line, src: own, alt: '', position: 20_000 + photos.length, variant: { metal, ctw } });
  }
  if (!variants.size && !reasons.size) say(first.line, 'no variant: a product needs at least one row with a Variant Price');

  if (reasons.size) return { rejected: [...reasons.entries()].map(([line, r]) => ({ line, reasons: r })).sort((a, b) => a.line - b.line) };
  const rawBody = cell(head, 'Body (HTML)');
  const body = sanitiseBody(rawBody);
  photos.sort((a, b) => a.position - b.position);
  // A variant's own photograph that is also among the product's (Shopify lists it in both) is that variant's.
  const seen = new Map<string, DraftPhoto>();
  const ordered: DraftPhoto[] = [];
  for (const p of photos) {
    const same = seen.get(p.src);
    if (same) {
      if (p.variant && !same.variant) same.variant = p.variant;
      continue;
    }
    seen.set(p.src, p);
    ordered.push(p);
  }
  ordered.forEach((p, i) => (p.position = i + 1));
  return {
    draft: {
      handle,
      line: first.line,
      title,
      body_html: body,
      description: plainText(body) || title,
      vendor: cell(head, 'Vendor') || null,
      type,
      style,
      design,
      on_sale: (status === '' || status === 'active') && published !== 'false',
      is_byo: isByo,
      accepted_shapes: isByo ? shapes : [],
      carat_min: isByo ? caratMin : null,
      carat_max: isByo ? caratMax : null,
      has_ring_size: hasRingSize,
      unlisted: [...new Set(unlisted)],
      seo_title: cell(head, 'SEO Title') || null,
      seo_description: cell(head, 'SEO Description') || null,
      variants: [...variants.values()].map(({ sizes: _sizes, ...v }) => v),
      photos: ordered,
    },
  };
}

/** The digest of what an import would write of a product (with its photographs' digests): equal, nothing to write. */
export function draftDigest(draft: ProductDraft, photoDigests: string[]): string {
  const { line: _line, photos, variants, ...rest } = draft;
  const content = {
    ...rest,
    // In the shop's order (metal, then weight), not the file's: the same variants in another order are the same product.
    variants: variants.map(({ line: _l, ...v }) => v).sort((a, b) => a.metal.localeCompare(b.metal) || a.ctw - b.ctw),
    photos: photos.map((p, i) => ({ photo: photoDigests[i], alt: p.alt, position: p.position, variant: p.variant ?? null })),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}
