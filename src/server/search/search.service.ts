/**
 * Site search (/search?q=): products by name, sku and description, diamonds by certificate number or
 * sku, and diamonds by shape ("oval", "ovals", "oval diamond"). One ranked list: an exact certificate
 * hit first, then products by how well they match (name over sku over description), with a shape's
 * collection and a few of its best-cut stones among them.
 */
import { getDb } from '~/server/db/database.ts';
import { SHAPE_LABELS, SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { productsMatching, type ProductRecord } from '~/server/products/product.repository.ts';
import { productImageUrl } from '~/server/products/product-images.ts';
import { findDiamondByReference } from '~/server/diamonds/diamond.repository.ts';
import { searchDiamonds, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { formatCents } from '~/lib/money.ts';

export interface SearchHit {
  kind: 'product' | 'diamond' | 'collection';
  label: string;
  title: string;
  detail: string;
  url: string;
  image: string;
  price?: string;
  score: number;
}

export const MAX_QUERY = 100;

export function normaliseQuery(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

function productScore(p: ProductRecord, query: string, terms: string[]): number {
  const name = p.name.toLowerCase();
  let score = name === query ? 100 : name.startsWith(query) ? 60 : name.includes(query) ? 40 : 0;
  for (const t of terms) {
    if (new RegExp(`(^|[^a-z0-9])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(name)) score += 30;
    else if (name.includes(t)) score += 20;
    if (p.sku.toLowerCase() === t) score += 90;
    else if (p.sku.toLowerCase().includes(t)) score += 25;
    if (p.description.toLowerCase().includes(t)) score += 5;
  }
  return score;
}

function shapeIn(terms: string[]): Shape | undefined {
  return SHAPES.find((s) => terms.some((t) => t === s || t === `${s}s` || (s === 'marquise' && t === 'marquis')));
}

export async function siteSearch(rawQuery: string): Promise<SearchHit[]> {
  const query = normaliseQuery(rawQuery).toLowerCase();
  if (!query) return [];
  const db = await getDb();
  const terms = [...new Set(query.split(' '))].slice(0, 6);
  const hits: SearchHit[] = [];

  if (/^[a-z0-9-]{4,40}$/i.test(query)) {
    const row = await findDiamondByReference(db, query.toUpperCase());
    if (row && !Number(row.is_hidden)) {
      const d = toDiamond(row);
      hits.push({ kind: 'diamond', label: 'Diamond', title: d.name, detail: `${d.lab} certificate ${d.certificate_number} · ${d.cut} · ${d.color} · ${d.clarity}${d.is_available ? '' : ` · ${d.status}`}`, url: d.url, image: d.image_url, price: d.formated_price, score: 1000 });
    }
  }

  // Words that only describe the search ("diamond", "ring") should not stop a product matching.
  const productTerms = terms.filter((t) => !['diamond', 'diamonds', 'ring', 'rings'].includes(t) || terms.length === 1);
  for (const p of await productsMatching(db, productTerms.length ? productTerms : terms)) {
    hits.push({
      kind: 'product',
      label: p.category_name,
      title: p.name,
      detail: p.sku,
      url: `/products/${p.id}`,
      image: productImageUrl(p.category_slug, p.style, '14k_white_gold', { design: p.design }),
      price: `From ${formatCents(p.price_cents)}`,
      score: productScore(p, query, terms),
    });
  }

  const shape = shapeIn(terms);
  if (shape) {
    const label = SHAPE_LABELS[shape];
    const found = await searchDiamonds({ filters: { shape: [shape] }, sort_by: 'cut', sort_direction: 'asc', page_number: 1, page_size: 4 });
    if (found.meta.total) {
      hits.push({ kind: 'collection', label: 'Diamonds', title: `${label} diamonds`, detail: `${found.meta.total.toLocaleString('en-US')} certified ${label.toLowerCase()} diamonds in stock`, url: `/diamonds/${shape}`, image: `/images/diamonds/${shape}.svg`, price: found.facets.price ? `From ${formatCents(found.facets.price.min * 100)}` : undefined, score: 70 });
      found.data.forEach((d, i) => hits.push({ kind: 'diamond', label: 'Diamond', title: d.name, detail: `${d.cut} · ${d.color} · ${d.clarity} · ${d.lab}`, url: d.url, image: d.image_url, price: d.formated_price, score: 35 - i }));
    }
  }
  return hits.sort((a, b) => b.score - a.score);
}
