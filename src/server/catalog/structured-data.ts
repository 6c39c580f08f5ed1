/**
 * schema.org data for the shop's pages (Product with its Offer; ItemList for listings; BreadcrumbList
 * with the page's visible trail; Organization and WebSite with its SearchAction on the home page),
 * written as JSON-LD data blocks. Data only, never executable, so it needs no 'unsafe-inline' in the CSP.
 * Typed with schema-dts, so a property schema.org does not have fails the type check.
 */
import { cutPhrase } from '~/features/diamonds/grades.ts';
import { GRADE_LABELS } from '~/features/diamonds/grade-attributes.ts';
import { RANGE_ATTRIBUTES } from '~/features/diamonds/attributes.ts';
import type { BreadcrumbList, ItemList, Offer, Organization, Product as SchemaProduct, SearchAction, WebSite, WithContext } from 'schema-dts';
import type { Diamond } from '~/features/diamonds/diamond-query.ts';
import type { Product, ProductVariant } from '~/features/products/product.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

type Availability = 'InStock' | 'SoldOut' | 'OutOfStock' | 'LimitedAvailability';

interface OfferInput {
  url: string;
  price: number;
  availability: Availability;
  sku: string;
}

function offer(o: OfferInput): Offer {
  return {
    '@type': 'Offer',
    url: o.url,
    sku: o.sku,
    price: o.price.toFixed(2),
    priceCurrency: 'USD',
    availability: `https://schema.org/${o.availability}` as const,
    itemCondition: 'https://schema.org/NewCondition' as const,
  };
}

const brand = () => ({ '@type': 'Brand' as const, name: shopConfig.shop_name });

/** `shareImage`: the page's 1200×630 PNG card, listed after the drawing (search engines want a raster image). */
export function diamondStructuredData(d: Diamond, origin: string, shareImage?: string): WithContext<SchemaProduct> {
  const url = new URL(d.url, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: d.name,
    sku: d.sku,
    mpn: d.certificate_number,
    image: shareImage ? [new URL(d.image_url, origin).href, shareImage] : new URL(d.image_url, origin).href,
    url,
    brand: brand(),
    description: `${d.carat.toFixed(2)} ct ${d.shape} diamond, ${cutPhrase(d.cut)}, ${d.color} colour, ${d.clarity} clarity, certified by ${d.lab} (${d.certificate_number}).`,
    additionalProperty: (
      [
        [GRADE_LABELS.cut, d.cut],
        [GRADE_LABELS.color, d.color],
        [GRADE_LABELS.clarity, d.clarity],
        [RANGE_ATTRIBUTES.carat.name, d.carat],
        [GRADE_LABELS.lab, d.lab],
        ['Certificate', d.certificate_number],
      ] as const
    ).map(([name, value]) => ({ '@type': 'PropertyValue' as const, name, value })),
    offers: offer({
      url,
      price: d.price,
      sku: d.sku,
      availability: d.status === 'available' ? 'InStock' : d.status === 'reserved' ? 'LimitedAvailability' : 'SoldOut',
    }),
  };
}

export function productStructuredData(p: Product, origin: string, variant?: ProductVariant, shareImage?: string): WithContext<SchemaProduct> {
  const url = new URL(p.url, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: variant?.sku ?? p.sku,
    image: shareImage
      ? [new URL(variant?.image_url ?? p.base_image.medium_image_url, origin).href, shareImage]
      : new URL(variant?.image_url ?? p.base_image.medium_image_url, origin).href,
    url,
    brand: brand(),
    description: p.description,
    category: p.category.name,
    offers: offer({ url, price: variant?.price ?? p.price, sku: variant?.sku ?? p.sku, availability: p.status ? 'InStock' : 'OutOfStock' }),
  };
}

export function itemListStructuredData(
  name: string,
  pageUrl: string,
  items: { name: string; url: string; image: string; price: number; sku: string }[],
  origin: string,
): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url: pageUrl,
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'Product',
        name: item.name,
        sku: item.sku,
        url: new URL(item.url, origin).href,
        image: new URL(item.image, origin).href,
        // The price and that it is for sale; brand, condition and the offer's own url and sku are on the item's page.
        offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      },
    })),
  };
}

/** One step of a page's breadcrumb trail: the last (the page itself) may have no path. */
export interface Crumb {
  name: string;
  path?: string;
}

/** The page's visible breadcrumb trail as a BreadcrumbList (the last step names the page itself). */
export function breadcrumbStructuredData(trail: Crumb[], pageUrl: string, origin: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.path ? new URL(crumb.path, origin).href : i === trail.length - 1 ? pageUrl : undefined,
    })),
  };
}

/** "Aurelle Showroom, 580 Fifth Avenue, Suite 1200, New York, NY 10036" as a PostalAddress (US form). */
export function postalAddress(text: string) {
  const parts = text.split(',').map((p) => p.trim());
  const [region, postalCode] = (parts.pop() ?? '').split(/\s+/);
  const locality = parts.pop();
  const street = parts.findIndex((p) => /^\d/.test(p));
  return {
    '@type': 'PostalAddress' as const,
    streetAddress: parts.slice(Math.max(street, 0)).join(', '),
    addressLocality: locality,
    addressRegion: region,
    postalCode,
    addressCountry: 'US',
  };
}

/** The home page's Organization (name, logo, contact point, showroom) and WebSite with its site search. */
export function homeStructuredData(origin: string): [WithContext<Organization>, WithContext<WebSite>] {
  const url = new URL('/', origin).href;
  const search: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${new URL('/search', origin).href}?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${url}#organization`,
      name: shopConfig.shop_name,
      url,
      logo: new URL('/favicon.svg', origin).href,
      email: shopConfig.email,
      telephone: shopConfig.phone,
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: shopConfig.phone,
        email: shopConfig.email,
        areaServed: 'US',
        availableLanguage: 'English',
      },
      address: postalAddress(shopConfig.appointments.showroom_address),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${url}#website`,
      name: shopConfig.shop_name,
      url,
      publisher: { '@id': `${url}#organization` },
      potentialAction: search,
    },
  ];
}

/** JSON that cannot close its <script> element or break out of it. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
