/** The product catalogue as an API client sees it, on SQLite and PostgreSQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';
import type { Product } from '~/features/products/product.ts';
import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { Shopper } from '../support/shopper.ts';

const list = (query: Record<string, unknown> = {}) =>
  `/catalog/products?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]))}`;

describe.each(databases)('product catalogue on $kind', ({ url }) => {
  let all: Product[] = [];
  const details = new Map<number, Product>();

  beforeAll(async () => {
    const res = await call(url, 'GET', list({ page_size: 100 }));
    expect(res.status).toBe(200);
    all = res.body.data;
    for (const p of all) details.set(p.id, (await call(url, 'GET', `/catalog/products/${p.id}`)).body);
  });

  it('lists every product on sale with the fields the line-item card reads', () => {
    expect(all).toHaveLength(PRODUCTS.length);
    for (const p of all) {
      expect(p).toMatchObject({ name: expect.any(String), sku: expect.any(String), status: true, formated_price: expect.stringMatching(/^\$[\d,]+\.\d\d$/) });
      expect(p.images[0]!.medium_image_url).toMatch(/^\/images\/jewellery\/[a-z-]+--[a-z0-9_]+--angled\.svg$/);
      expect(p.base_image.medium_image_url).toBe(p.images[0]!.medium_image_url);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.category).toMatchObject({ id: expect.any(Number), slug: expect.any(String), name: expect.any(String) });
      for (const m of p.attributes.metal) expect(['image', 'color']).toContain(m.attribute_swatch_type);
    }
    const settings = all.filter((p) => p.is_byo);
    expect(settings.length).toBe(PRODUCTS.filter((p) => p.accepts).length);
    for (const s of settings) {
      expect(s.accepted_shapes.length).toBeGreaterThan(0);
      expect(s.carat_min).toBeLessThan(s.carat_max!);
    }
  });

  it('gives listing variants from the smallest total carat weight, shown in lists, by metal position (spec section 9)', async () => {
    for (const p of all) {
      const detail = details.get(p.id)!;
      const smallest = Math.min(...detail.variants.map((v) => v.total_carat_weight));
      const expected = detail.variants
        .filter((v) => v.total_carat_weight === smallest && v.metal_show_in_products_list)
        .sort((a, b) => a.metal_position - b.metal_position);
      expect(
        p.variants.map((v) => v.id),
        p.name,
      ).toEqual(expected.map((v) => v.id));
    }
    const mens = all.find((p) => p.name === "Men's Brushed Band 6mm")!;
    expect(mens.variants.map((v) => v.metal_code)).not.toContain('18k_rose_gold');
    const detail = (await call(url, 'GET', `/catalog/products/${mens.id}`)).body as Product;
    expect(detail.variants.map((v) => v.metal_code)).toContain('18k_rose_gold');
  });

  it('writes total carat weights as fractions', async () => {
    const studs = all.find((p) => p.name === 'Round Diamond Stud Earrings')!;
    const detail = (await new Shopper(url).send(catalogEndpoints.product, { params: { id: studs.id } })).body;
    const fractions = [...new Set(detail.variants.map((v) => v.total_carat_weight_fraction))];
    expect(fractions).toEqual(['1/4', '1/2', '3/4', '1', '1 1/2', '2']);
  });

  it.each([
    [{ metal: ['platinum'] }, (_: Product, d: Product) => d.variants.some((v) => v.metal_code === 'platinum')],
    [{ style: ['halo', 'pave'] }, (p: Product) => ['halo', 'pave'].includes(p.style)],
    [{ shape: 'heart' }, (p: Product) => p.accepted_shapes.includes('heart')],
    [{ price: { min: 1000, max: 2000 } }, (p: Product) => p.price >= 1000 && p.price <= 2000],
  ] as const)('filters by %j', async (filters, holds) => {
    const res = await call(url, 'GET', list({ product_filters: filters, page_size: 100 }));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const p of res.body.data as Product[]) expect(holds(p, details.get(p.id)!), p.name).toBe(true);
    expect(res.body.meta.total).toBe(all.filter((p) => holds(p, details.get(p.id)!)).length);
  });

  it('narrows by category, by several categories and to settings that take a diamond', async () => {
    const earrings = all.find((p) => p.category.slug === 'earrings')!.category.id;
    const bracelets = all.find((p) => p.category.slug === 'bracelets')!.category.id;
    const one = await call(url, 'GET', list({ category_id: earrings, page_size: 100 }));
    expect(one.body.data.every((p: Product) => p.category.id === earrings)).toBe(true);
    expect(one.body.meta.total).toBe(all.filter((p) => p.category.id === earrings).length);
    const two = await call(url, 'GET', list({ category_id: `${earrings},${bracelets}`, page_size: 100 }));
    expect(two.body.meta.total).toBe(all.filter((p) => [earrings, bracelets].includes(p.category.id)).length);
    const byo = await call(url, 'GET', list({ is_byo: 'true', page_size: 100 }));
    expect(byo.body.meta.total).toBe(all.filter((p) => p.is_byo).length);
    expect(byo.body.data.every((p: Product) => p.is_byo)).toBe(true);
  });

  it('counts facets with the other filters applied', async () => {
    const res = await call(url, 'GET', list({ product_filters: { style: ['halo'], metal: ['platinum'] }, page_size: 100 }));
    const halo = all.filter((p) => p.style === 'halo');
    expect(res.body.facets.style.halo).toBe(halo.length);
    expect(res.body.facets.metal.platinum).toBe(halo.length);
    expect(Object.values(res.body.facets.style).reduce((a: number, b) => a + (b as number), 0)).toBe(all.length);
  });

  it.each([
    ['price', 'asc', (a: Product, b: Product) => a.price <= b.price],
    ['price', 'desc', (a: Product, b: Product) => a.price >= b.price],
    ['name', 'asc', (a: Product, b: Product) => a.name.localeCompare(b.name, 'en') <= 0],
    ['newest', 'desc', (a: Product, b: Product) => a.created_at >= b.created_at],
  ] as const)('sorts by %s %s across page boundaries', async (sort_by, sort_direction, ordered) => {
    const pages = await Promise.all([1, 2, 3].map((page_number) => call(url, 'GET', list({ sort_by, sort_direction, page_size: 10, page_number }))));
    const seen = pages.flatMap((r) => r.body.data as Product[]);
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((p) => p.id)).size).toBe(30);
    for (let i = 1; i < seen.length; i++) expect(ordered(seen[i - 1]!, seen[i]!)).toBe(true);
  });

  it('answers one product with all its variants, takes a jewellery shape in `js`, and 404s an unknown id', async () => {
    const setting = all.find((p) => p.name === 'Heart Halo Setting')!;
    const res = await call(url, 'GET', `/catalog/products/${setting.id}?js=heart`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: setting.id, selected_jewelry_shape: 'heart', has_ring_size: true, accepted_shapes: ['heart', 'pear'] });
    expect(res.body.variants.length).toBe(8);
    const refused = await call(url, 'GET', `/catalog/products/${setting.id}?js=oval`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^js/);
    const bad = await call(url, 'GET', `/catalog/products/${setting.id}?js=triangle`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.js).toBeDefined();
    for (const path of ['/catalog/products/999999', '/catalog/products/abc', `/catalog/products/${PRODUCTS.length + 1}`]) {
      const missing = await call(url, 'GET', path);
      expect(missing.status, path).toBe(404);
      expect(missing.body.message).toBe('No product has that id');
    }
  });

  it.each([
    ['page_number=0', 'page_number'],
    ['page_size=500', 'page_size'],
    ['sort_by=popularity', 'sort_by'],
    ['sort_direction=sideways', 'sort_direction'],
    ['category_id=rings', 'category_id'],
    ['is_byo=maybe', 'is_byo'],
    ['product_filters=%7Bbroken', 'product_filters'],
    [`product_filters=${encodeURIComponent('{"colour":"red"}')}`, 'product_filters'],
    [`product_filters=${encodeURIComponent('{"metal":["gold"]}')}`, 'product_filters.metal'],
    [`product_filters=${encodeURIComponent('{"shape":"triangle"}')}`, 'product_filters.shape'],
    [`product_filters=${encodeURIComponent('{"style":"<script>"}')}`, 'product_filters.style'],
    [`product_filters=${encodeURIComponent('{"price":{"min":500,"max":100}}')}`, 'product_filters.price'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await call(url, 'GET', `/catalog/products?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(field)).toBe(true);
  });
});
