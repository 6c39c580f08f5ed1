/**
 * Site search (/search?q=). Jewellery through the full-text index (search-index.ts: whole words with
 * stemming, synonyms, corrected typos, ranked name, then category, then the rest); diamonds by
 * certificate number, stock number or sku; pieces by their style number (sku) or a variant's sku; and
 * diamonds by shape ("oval", "ovals", "oval diamond") as a collection with a few of its best-cut stones.
 *
 * One list: exact references first, then pieces matched by name, then a shape's collection, then the
 * other pieces. Nothing found: the closest pieces (any word matching) and the categories.
 */
import { getDb, type Db } from '~/server/db/database.ts';
import { SHAPE_LABELS, SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { productImageUrl } from '~/server/products/product-images.ts';
import { toPhoto } from '~/server/products/product-photos.ts';
import type { ProductPhoto } from '~/features/products/product.ts';
import { findDiamondByReference } from '~/server/diamonds/diamond.repository.ts';
import { searchDiamonds, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { categoryPath } from '~/server/seo/breadcrumbs.ts';
import type { MetalCode } from '~/features/products/metals.ts';
import { formatCents } from '~/lib/money.ts';
import { searchDocuments, searchRevision, type SearchDocument } from './search-documents.repository.ts';
import { JewellerySearchIndex, type QueryWord, type RankedPiece } from './search-index.ts';

export interface SearchHit {
  kind: 'product' | 'diamond' | 'collection';
  label: string;
  title: string;
  detail: string;
  url: string;
  image: string;
  /** A product's photograph: the row shows it in AVIF or WebP where the browser takes them. */
  photo?: ProductPhoto;
  price?: string;
}

export interface SearchAnswer {
  /** The first MAX_HITS of `total`. */
  hits: SearchHit[];
  total: number;
  /** Words the shop read differently: "enagement" → "engagement". */
  corrections: { typed: string; corrected: string }[];
  /** Nothing found: the pieces nearest the query (some of its words match). */
  closest: SearchHit[];
  /** Nothing found: the categories to browse. */
  categories: { name: string; url: string }[];
}

/** The catalogue's revision: it moves with every change a page may show (the shared page cache keys on it). */
export const catalogRevision = (db: Db): Promise<number> => searchRevision(db);

export const MAX_QUERY = 100;
export const MAX_HITS = 60;

export function normaliseQuery(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

let cached: { revision: number; index: JewellerySearchIndex } | undefined;
let building: Promise<JewellerySearchIndex> | undefined;

/** The index, rebuilt when the jewellery changed since it was built (the revision the triggers bump). */
export async function jewelleryIndex(db: Db): Promise<JewellerySearchIndex> {
  const revision = await searchRevision(db);
  if (cached?.revision === revision) return cached.index;
  building ??= (async () => {
    try {
      // The revision is read before the rows: a change committed meanwhile bumps it again, and the next search rebuilds.
      const index = new JewellerySearchIndex(await searchDocuments(db));
      cached = { revision, index };
      return index;
    } finally {
      building = undefined;
    }
  })();
  return building;
}

/** The metal a query names ("rose gold", "platinum"), so that its pieces are shown and linked in it. */
function metalNamed(words: QueryWord[]): MetalCode | undefined {
  const said = new Set(words.map((w) => w.corrected ?? w.typed));
  if (said.has('platinum') || words.some((w) => w.terms.includes('platinum'))) return 'platinum';
  if (said.has('rose') || words.some((w) => w.terms.includes('rose'))) return '18k_rose_gold';
  if (said.has('yellow') || words.some((w) => w.terms.includes('yellow'))) return '14k_yellow_gold';
  if (said.has('white') || words.some((w) => w.terms.includes('white'))) return '14k_white_gold';
  return undefined;
}

function pieceHit(d: SearchDocument, metal: MetalCode | undefined): SearchHit {
  const inMetal = metal ? d.metals.find((m) => m.code === metal) : undefined;
  const shown = inMetal?.code ?? (d.metals.find((m) => m.code === '14k_white_gold') ?? d.metals[0])?.code ?? '14k_white_gold';
  return {
    kind: 'product',
    label: d.category_name,
    title: d.name,
    detail: [`Style ${d.sku}`, inMetal ? inMetal.name : d.metals.map((m) => m.name).join(', ')].filter(Boolean).join(' · '),
    url: inMetal ? `/products/${d.id}?metal=${inMetal.code}` : `/products/${d.id}`,
    image: d.photo ? toPhoto(d.photo, d.name).src : productImageUrl(d.category_slug, d.style, shown as MetalCode, { design: d.design }),
    ...(d.photo && { photo: toPhoto(d.photo, d.name) }),
    price: `From ${formatCents(inMetal?.min_cents ?? d.price_cents)}`,
  };
}

function shapeIn(words: QueryWord[]): Shape | undefined {
  const said = words.flatMap((w) => [w.typed, w.corrected ?? '']);
  return SHAPES.find((s) => said.some((t) => t === s || t === `${s}s` || (s === 'marquise' && t === 'marquis')));
}

async function referenceHits(db: Db, query: string, index: JewellerySearchIndex): Promise<SearchHit[]> {
  if (!/^[a-z0-9_-]{4,60}$/i.test(query)) return [];
  const hits: SearchHit[] = [];
  const row = (await findDiamondByReference(db, query)) ?? (await findDiamondByReference(db, query.toUpperCase()));
  if (row && !Number(row.is_hidden)) {
    const d = toDiamond(row);
    hits.push({
      kind: 'diamond',
      label: 'Diamond',
      title: d.name,
      detail: `${d.lab} certificate ${d.certificate_number} · ${d.cut} · ${d.color} · ${d.clarity}${d.is_available ? '' : ` · ${d.status}`}`,
      url: d.url,
      image: d.image_url,
      price: d.formated_price,
    });
  }
  // A piece's style number (P-0006), or a variant's sku (P-0006-PLATINUM-25).
  const upper = query.toUpperCase();
  const piece = index.docs.find((d) => d.sku.toUpperCase() === upper || upper.startsWith(`${d.sku.toUpperCase()}-`));
  if (piece) {
    const metal = piece.metals.find((m) => upper.includes(m.code.toUpperCase()))?.code as MetalCode | undefined;
    hits.push(pieceHit(piece, metal));
  }
  return hits;
}

export async function siteSearch(rawQuery: string): Promise<SearchAnswer> {
  const query = normaliseQuery(rawQuery);
  const answer: SearchAnswer = { hits: [], total: 0, corrections: [], closest: [], categories: [] };
  if (!query) return answer;
  const db = await getDb();
  const index = await jewelleryIndex(db);
  const words = index.parse(query);
  answer.corrections = words.filter((w) => w.corrected).map((w) => ({ typed: w.typed, corrected: w.corrected! }));
  const metal = metalNamed(words);

  const references = await referenceHits(db, query, index);
  const referenced = new Set(references.map((h) => h.url.replace(/\?.*/, '')));
  const pieces = index.search(words).filter((p) => !referenced.has(`/products/${p.doc.id}`));
  const toHit = (p: RankedPiece) => pieceHit(p.doc, metal);

  const collection: SearchHit[] = [];
  const shape = shapeIn(words);
  if (shape) {
    const label = SHAPE_LABELS[shape];
    const found = await searchDiamonds({ filters: { shape: [shape] }, sort_by: 'cut', sort_direction: 'asc', page_number: 1, page_size: 4 });
    if (found.meta.total) {
      collection.push({
        kind: 'collection',
        label: 'Diamonds',
        title: `${label} diamonds`,
        detail: `${found.meta.total.toLocaleString('en-US')} certified ${label.toLowerCase()} diamonds in stock`,
        url: `/diamonds/${shape}`,
        image: `/images/diamonds/${shape}.svg`,
        price: found.facets.price ? `From ${formatCents(found.facets.price.min * 100)}` : undefined,
      });
      found.data.forEach((d) =>
        collection.push({
          kind: 'diamond',
          label: 'Diamond',
          title: d.name,
          detail: `${d.cut} · ${d.color} · ${d.clarity} · ${d.lab}`,
          url: d.url,
          image: d.image_url,
          price: d.formated_price,
        }),
      );
    }
  }
  const all = [...references, ...pieces.filter((p) => p.inName > 0).map(toHit), ...collection, ...pieces.filter((p) => p.inName === 0).map(toHit)];
  answer.total = all.length;
  answer.hits = all.slice(0, MAX_HITS);

  if (!answer.hits.length) {
    answer.closest = index.search(words, 'any').slice(0, 6).map(toHit);
    const seen = new Map<string, string>();
    for (const d of index.docs) {
      const url = categoryPath({ category: { slug: d.category_slug } as never });
      if (url && !seen.has(d.category_name)) seen.set(d.category_name, url);
    }
    answer.categories = [...[...seen].map(([name, url]) => ({ name, url })), { name: 'Diamonds', url: '/diamonds' }];
  }
  return answer;
}
