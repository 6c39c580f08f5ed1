/**
 * Breadcrumb trails: the same steps the pages show in their "Breadcrumb" navigation and put in their
 * BreadcrumbList, from one place.
 */
import type { Crumb } from '~/server/catalog/structured-data.ts';
import type { Diamond } from '~/features/diamonds/diamond-query.ts';
import type { Product } from '~/features/products/product.ts';
import { shapeLabel } from '~/features/diamonds/grades.ts';
import { listingPaths } from './listing-paths.ts';

const HOME: Crumb = { name: 'Home', path: '/' };

/** The listing of a product's category (`/engagement-rings`, `/jewellery/earrings`), if the menus have one. */
export function categoryPath(p: Pick<Product, 'category'>): string | undefined {
  return listingPaths().find((path) => path.split('/').pop() === p.category.slug);
}

export const productTrail = (p: Product): Crumb[] => [HOME, { name: p.category.name, path: categoryPath(p) }, { name: p.name }];

export const diamondTrail = (d: Diamond): Crumb[] => [
  HOME,
  { name: 'Diamonds', path: '/diamonds' },
  { name: shapeLabel(d.shape), path: `/diamonds/${d.shape}` },
  { name: d.sku },
];

/** A listing: Home / title, or Home / Diamonds / title under a slug of the diamonds listing. */
export const listingTrail = (title: string, parent?: { name: string; path: string }): Crumb[] =>
  parent ? [HOME, parent, { name: title }] : [HOME, { name: title }];

export const contentTrail = (title: string): Crumb[] => [HOME, { name: title }];
