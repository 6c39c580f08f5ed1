/**
 * The /wishlist screen: products, diamonds and build-your-own pairs, newest first, each with Move to
 * Cart and Remove (a ring saved without its size asks for it in place first); Move All to Cart (which
 * leaves such a ring, saying why); pages of twelve. The server renders the first view; the island then
 * follows the shared wishlist store (and the cart store, which a move changes).
 */
import { useStore } from '~/lib/use-store.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LineItemCard, UNAVAILABLE_TEXT } from '~/features/cart/LineItemCard.tsx';
import { notify } from '~/features/cart/notify.ts';
import { useHydrated } from '~/features/cart/useHydrated.ts';
import type { MoveSize, WishlistEntry, WishlistPage as Page } from './wishlist.schema.ts';
import { RingSizeFields, useRingSize } from '~/features/byo/RingSizeFields.tsx';
import { $wishlistPage, hydrateWishlist, moveAllToCart, moveEntryToCart, removeFromWishlist } from './wishlist.store.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';

const button = 'rounded-full px-4 py-2 text-xs font-medium tracking-wide disabled:opacity-60';

type Run = (action: () => Promise<{ message: string }>) => Promise<boolean>;

/**
 * A ring saved without its size asks for it in place before it moves: a standard size or a custom one
 * (the server checks it again and refuses a ring without a size: 422 `selected_size`).
 */
function SizeForm({ entry, busy, run, onCancel }: { entry: WishlistEntry; busy: boolean; run: Run; onCancel: () => void }) {
  const ring = useRingSize();
  const { size, custom } = ring;
  const [error, setError] = useState<string>();
  const first = useRef<HTMLSelectElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!size && !custom.trim()) return setError('Choose a ring size, or enter a custom size');
    const choice: MoveSize = size ? { selected_size: size } : { custom_size: custom.trim() };
    setError(undefined);
    void run(() => moveEntryToCart(entry, choice));
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`Ring size for ${entry.product.name}`}
      className="w-full space-y-3 rounded border border-gold/40 bg-ivory p-4 sm:w-72"
      data-testid="wishlist-size"
    >
      <p className="text-sm font-medium">Choose your ring size to move this ring to your cart.</p>
      <RingSizeFields
        sizeLabel="Ring size (US)"
        ring={ring}
        hintId={`${id}-hint`}
        controlClassName="rounded border border-primary/25 bg-white px-3 py-2"
        selectRef={first}
      />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={`${button} bg-primary text-white hover:bg-primary-light`}>
          Move to Cart<span className="sr-only"> {entry.product.name} in this size</span>
        </button>
        <button type="button" onClick={onCancel} className={`${button} border border-primary text-primary hover:bg-ivory`}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Entry({ entry, busy, run }: { entry: WishlistEntry; busy: boolean; run: Run }) {
  const name = entry.product.name;
  const [sizing, setSizing] = useState(false);
  const moveButton = useRef<HTMLButtonElement>(null);
  return (
    <li className="flex flex-col gap-4 py-5 sm:flex-row sm:items-center" data-wishlist-entry={entry.id} data-byo-id={entry.byo_id ?? undefined}>
      <div className="flex-1 space-y-3">
        {entry.byo_id && <p className="text-xs font-semibold tracking-widest text-gold uppercase">Build your own ring</p>}
        <LineItemCard product={entry.product} quantity={1} options={entry.options} quantitySlot={<span />} />
        {entry.child && (
          <div className="ml-7 border-l-2 border-gold-light pl-3">
            <LineItemCard product={entry.child.product} quantity={1} quantitySlot={<span />} />
          </div>
        )}
        {!entry.is_available && <p className="text-sm font-semibold text-red-800">{UNAVAILABLE_TEXT}</p>}
        {entry.is_available && entry.needs_size && <p className="text-xs text-muted">Ring size to choose when it moves to your cart</p>}
      </div>
      <div className="flex items-center gap-3 sm:flex-col sm:items-end">
        <p className="text-sm font-semibold">{entry.formated_price}</p>
        {sizing ? (
          <SizeForm
            entry={entry}
            busy={busy}
            run={run}
            onCancel={() => {
              setSizing(false);
              requestAnimationFrame(() => moveButton.current?.focus());
            }}
          />
        ) : (
          <div className="flex gap-2">
            <button
              ref={moveButton}
              type="button"
              disabled={busy || !entry.is_available}
              aria-expanded={entry.needs_size ? false : undefined}
              onClick={() => (entry.needs_size ? setSizing(true) : void run(() => moveEntryToCart(entry)))}
              className={`${button} bg-primary text-white hover:bg-primary-light`}
            >
              Move to Cart<span className="sr-only"> {name}</span>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => removeFromWishlist(entry))}
              className={`${button} border border-primary text-primary hover:bg-ivory`}
            >
              Remove<span className="sr-only"> {name}</span>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

export default function WishlistPage({ page: initial }: { page: Page }) {
  const stored = useStore($wishlistPage);
  const page = (useHydrated() && stored) || initial;
  const [busy, setBusy] = useState(false);
  useEffect(() => hydrateWishlist(initial), [initial]);

  const run = async (action: () => Promise<{ message: string; not_moved?: unknown[] }>) => {
    setBusy(true);
    try {
      const answer = await action();
      notify(answer.message, answer.not_moved?.length ? 'warning' : 'success');
      return true;
    } catch (error) {
      notify(shopperMessage(error), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const { current_page: current, last_page: last, total } = page.meta;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-serif text-4xl text-primary">Your Wishlist</h1>
        {total > 0 && (
          <button type="button" disabled={busy} onClick={() => void run(moveAllToCart)} className={`${button} bg-primary text-white hover:bg-primary-light`}>
            Move All to Cart
          </button>
        )}
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {total === 1 ? '1 item' : `${total} items`}
      </p>
      {page.data.length === 0 ? (
        <div className="mt-8 rounded bg-ivory px-6 py-16 text-center">
          <p className="text-lg">Your wishlist is empty.</p>
          <a
            href="/diamonds"
            className="mt-6 inline-block rounded-full bg-primary px-7 py-3 text-sm font-medium tracking-wide text-white hover:bg-primary-light"
          >
            Discover our diamonds
          </a>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-primary/10 border-y border-primary/10" aria-label="Wishlist items">
          {page.data.map((entry) => (
            <Entry key={entry.id} entry={entry} busy={busy} run={run} />
          ))}
        </ul>
      )}
      {last > 1 && (
        <nav aria-label="Wishlist pages" className="mt-8 flex justify-center gap-2 text-sm">
          {Array.from({ length: last }, (_, i) => i + 1).map((n) => (
            <a
              key={n}
              href={`/wishlist?page=${n}`}
              aria-current={n === current ? 'page' : undefined}
              className={`rounded px-3 py-1.5 ${n === current ? 'bg-primary text-white' : 'hover:bg-ivory'}`}
            >
              {n}
            </a>
          ))}
        </nav>
      )}
    </div>
  );
}
