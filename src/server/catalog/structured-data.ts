/**
 * schema.org data for catalogue pages (Product with its Offer; ItemList for listings), written as a
 * JSON-LD data block. Data only, never executable, so it needs no 'unsafe-inline' in the CSP.
 */
import type { Diamond } from '~/features/diamonds/diamond-query.ts';
import type { Product, ProductVariant } from '~/features/catalog/product.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

type Availability = 'InStock' | 'SoldOut' | 'OutOfStock' | 'LimitedAvailability';

interface OfferInput {
  url: string;
  price: number;
  availability: Availability;
  sku: string;
}

function offer(o: OfferInput) {
  return {
    '@type': 'Offer',
    url: o.url,
    sku: o.sku,
    price: o.price.toFixed(2),
    priceCurrency: 'USD',
    availability: `https://schema.org/${o.availability}`,
    itemCondition: 'https://schema.org/NewCondition',
  };
}

const brand = () => ({ '@type': 'Brand', name: shopConfig.shop_name });

export function diamondStructuredData(d: Diamond, origin: string) {
  const url = new URL(d.url, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: d.name,
    sku: d.sku,
    mpn: d.certificate_number,
    image: new URL(d.image_url, origin).href,
    url,
    brand: brand(),
    description: `${d.carat.toFixed(2)} ct ${d.shape} diamond, ${d.cut} cut, ${d.color} colour, ${d.clarity} clarity, certified by ${d.lab} (${d.certificate_number}).`,
    additionalProperty: (
      [['Cut', d.cut], ['Colour', d.color], ['Clarity', d.clarity], ['Carat', d.carat], ['Lab', d.lab], ['Certificate', d.certificate_number]] as const
    ).map(([name, value]) => ({ '@type': 'PropertyValue', name, value })),
    offers: offer({ url, price: d.price, sku: d.sku, availability: d.status === 'available' ? 'InStock' : d.status === 'reserved' ? 'LimitedAvailability' : 'SoldOut' }),
  };
}

export function productStructuredData(p: Product, origin: string, variant?: ProductVariant) {
  const url = new URL(p.url, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: variant?.sku ?? p.sku,
    image: new URL(variant?.image_url ?? p.base_image.medium_image_url, origin).href,
    url,
    brand: brand(),
    description: p.description,
    category: p.category.name,
    offers: offer({ url, price: variant?.price ?? p.price, sku: variant?.sku ?? p.sku, availability: p.status ? 'InStock' : 'OutOfStock' }),
  };
}

export function itemListStructuredData(name: string, pageUrl: string, items: { name: string; url: string; image: string; price: number; sku: string }[], origin: string) {
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
        brand: brand(),
        offers: offer({ url: new URL(item.url, origin).href, price: item.price, sku: item.sku, availability: 'InStock' }),
      },
    })),
  };
}

/** JSON that cannot close its <script> element or break out of it. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
