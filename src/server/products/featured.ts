/** The few pieces the home page shows, straight from the catalogue. */
import { productDesign } from './product-design.ts';
import { getDb } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { productImageUrl } from './product-images.ts';

export interface FeaturedProduct {
  id: number;
  name: string;
  href: string;
  formated_price: string;
  image: string;
}

export async function featuredProducts(limit = 8): Promise<FeaturedProduct[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.id', 'products.name', 'products.price_cents', 'products.style', 'categories.slug as category'])
    .select((eb) => productDesign(eb).as('design'))
    .where('products.status', '=', 1)
    .orderBy('products.id')
    .execute();
  // One of each category in turn, so the row shows the breadth of the shop.
  const byCategory = Map.groupBy(rows, (r) => r.category);
  const picked: typeof rows = [];
  for (let i = 0; picked.length < limit && i < rows.length; i++) {
    for (const list of byCategory.values()) if (list[i] && picked.length < limit) picked.push(list[i]!);
  }
  return picked.map((r) => ({
    id: r.id,
    name: r.name,
    href: `/products/${r.id}`,
    formated_price: formatCents(r.price_cents),
    image: productImageUrl(r.category, r.style, '14k_yellow_gold', { design: r.design }),
  }));
}
