/**
 * A product in a listing: its picture and price in the metal shown, and the metal swatches of its
 * listing variants (docs/api.md). Choosing a swatch shows that metal; the link opens the product in it.
 */
import { useState } from 'react';
import type { ProductCardData } from './product.ts';
import { swatchBackground } from './swatch.ts';

/** With `lead` (a build-your-own selection), the card opens the setting's build-your-own page and keeps the selection. */
/**
 * `metals`: the listing's metal filter; the card opens in the first of them it offers. Hovering or
 * focusing a swatch previews that metal's picture; choosing it keeps it. `eager`: the first card's picture
 * loads at once (it is above the fold), the others lazily.
 */
/** Cards are a quarter of the page wide on a desktop, half on a phone. */
const CARD_SIZES = '(min-width: 1024px) 25vw, 50vw';

export default function ProductCard({ product, lead, metals, eager = false }: { product: ProductCardData; lead?: string; metals?: string[]; eager?: boolean }) {
  const preferred = metals?.find((m) => product.variants.some((v) => v.metal_code === m)) ?? product.variants[0]?.metal_code;
  const [chosen, setMetal] = useState<string | undefined>(undefined);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const metal = preview ?? chosen ?? preferred;
  const variant = product.variants.find((v) => v.metal_code === metal) ?? product.variants[0];
  const url = lead ? `/build-your-own/products/${product.id}` : product.url;
  const query = [variant && `metal=${variant.metal_code}`, lead].filter(Boolean).join('&');
  const href = query ? `${url}?${query}` : url;
  const swatches = product.attributes.metal;
  const photo = variant?.photo;
  return (
    <article className="group flex h-full flex-col">
      <a href={href} className="block">
        {photo ? (
          // The jeweller's photograph in AVIF, WebP or JPEG, the size the card needs; width and height keep its place.
          <picture>
            <source type="image/avif" srcSet={photo.srcset.avif} sizes={CARD_SIZES} />
            <source type="image/webp" srcSet={photo.srcset.webp} sizes={CARD_SIZES} />
            <img
              src={photo.src}
              srcSet={photo.srcset.jpeg}
              sizes={CARD_SIZES}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading={eager ? 'eager' : 'lazy'}
              {...(eager ? { fetchPriority: 'high' as const } : {})}
              data-card-image
              className="aspect-square w-full rounded bg-ivory object-contain transition group-hover:opacity-90"
            />
          </picture>
        ) : (
          <img
            src={variant?.image_url ?? product.base_image.medium_image_url}
            alt={variant?.image_alt ?? product.name}
            width="300"
            height="300"
            loading={eager ? 'eager' : 'lazy'}
            {...(eager ? { fetchPriority: 'high' as const } : {})}
            data-card-image
            className="aspect-square w-full rounded bg-ivory transition group-hover:opacity-90"
          />
        )}
        <h2 className="mt-3 text-sm font-medium group-hover:text-gold">{product.name}</h2>
        <p className="text-sm font-semibold">{variant?.formated_price ?? product.formated_price}</p>
      </a>
      {swatches.length > 1 && (
        <div role="group" aria-label={`Metals for ${product.name}`} className="mt-2 flex gap-1.5">
          {swatches.map((s) => (
            <button
              key={s.code}
              type="button"
              title={s.admin_name}
              aria-label={s.admin_name}
              aria-pressed={s.code === (chosen ?? preferred)}
              onClick={() => setMetal(s.code)}
              onMouseEnter={() => setPreview(s.code)}
              onMouseLeave={() => setPreview(undefined)}
              onFocus={() => setPreview(s.code)}
              onBlur={() => setPreview(undefined)}
              className="size-6 rounded-full border border-primary/20 p-0.5 aria-pressed:border-primary aria-pressed:ring-1 aria-pressed:ring-primary"
            >
              <span className="block size-full rounded-full" style={{ background: swatchBackground(s.attribute_swatch_type, s.attribute_swatch_value) }} />
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
