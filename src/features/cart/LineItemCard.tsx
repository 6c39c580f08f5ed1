/**
 * The line-item card (docs/api.md): a 60px circular image, the name, style or stock number (never a
 * variant's raw sku), formatted price and
 * quantity. CartLine puts a build-your-own pair's two cards together, and covers a line that can no
 * longer be bought with the translucent "This item is no longer available!" overlay and a Remove button.
 */
import type { ReactNode } from 'react';
import type { CartItem, LineProduct } from './cart.schema.ts';
import { isLineAvailable } from './cart.ts';

export const UNAVAILABLE_TEXT = 'This item is no longer available!';

interface CardProps {
  product: LineProduct;
  quantity: number;
  options?: string[];
  /** Replaces the "Qty" text, e.g. with a quantity picker on the cart page. */
  quantitySlot?: ReactNode;
}

export function LineItemCard({ product, quantity, options, quantitySlot }: CardProps) {
  const image = product.images[0]?.medium_image_url ?? product.base_image.medium_image_url;
  return (
    <div className="flex gap-3" data-line-card>
      <img
        src={image}
        alt=""
        width={60}
        height={60}
        loading="lazy"
        className="size-[60px] shrink-0 rounded-full border border-primary/10 bg-ivory object-contain p-1"
      />
      <div className="min-w-0 flex-1 text-sm">
        <a href={product.url} className="line-clamp-2 font-medium text-ink hover:text-gold">
          {product.name}
        </a>
        <p className="text-xs text-muted">SKU: {product.style_number}</p>
        {options && options.length > 0 && <p className="text-xs text-muted">{options.join(' · ')}</p>}
        <div className="mt-1 flex items-center justify-between gap-2">
          <span className="font-semibold">{product.formated_price}</span>
          {quantitySlot ?? <span className="text-xs text-muted">Qty: {quantity}</span>}
        </div>
      </div>
    </div>
  );
}

interface LineProps {
  item: CartItem;
  onRemove?: () => void;
  quantitySlot?: ReactNode;
}

/** One cart line: a product or a diamond, or a setting with its diamond (one build-your-own pair). */
export function CartLine({ item, onRemove, quantitySlot }: LineProps) {
  const available = isLineAvailable(item) && item.is_available;
  return (
    <div className="@container relative" data-cart-line={item.id} data-byo-id={item.byo_id ?? undefined}>
      {/* An unavailable line keeps a band below its card for the overlay's words (two rows, words then Remove,
          where the line is narrow as in the popup), so they never sit on the faded name or choices. */}
      <div className={[onRemove ? 'pr-8' : '', available ? '' : onRemove ? 'pb-[4.5rem] @md:pb-11' : 'pb-10'].join(' ').trim() || undefined}>
        <LineItemCard product={item.product} quantity={item.quantity} options={item.options} quantitySlot={quantitySlot} />
        {item.child && (
          <div className="mt-3 ml-7 border-l-2 border-gold-light pl-3">
            <LineItemCard product={item.child.product} quantity={item.child.quantity} />
          </div>
        )}
      </div>
      {onRemove && available && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${item.product.name}`}
          className="absolute top-0 right-0 inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-ivory hover:text-ink"
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
      {!available && (
        <div
          className="absolute inset-0 z-10 flex flex-wrap content-end items-end justify-center gap-x-3 gap-y-1 rounded bg-white/85 pb-1 text-center"
          data-unavailable-overlay
        >
          <p className="py-1.5 text-sm font-semibold text-red-800">{UNAVAILABLE_TEXT}</p>
          {onRemove && (
            <button
              type="button"
              onClick={onRemove}
              className="rounded-full bg-primary px-4 py-1.5 text-xs font-medium tracking-wide text-white hover:bg-primary-light"
            >
              Remove
            </button>
          )}
        </div>
      )}
    </div>
  );
}
