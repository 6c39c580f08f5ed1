/**
 * The summary's ring size and its two actions: add the build to the cart as one build-your-own line, or
 * to the wishlist. A real form first (it posts to the cart, or with the second button to the wishlist,
 * before JavaScript loads); once hydrated it calls the API, shows the server's reason when a pair is
 * refused, opens the cart popup after an add, and keeps the chosen size in the URL and the stored build.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { notify, openCartPopup } from '~/features/cart/notify.ts';
import { addBuildToCart, addBuildToWishlist, type ByoCartAdd } from './byo.api.ts';
import { mergeSelections } from './byo.ts';
import { clearSelection, setSelection, storedSelection } from './byo.store.ts';
import { RingSizeFields, useRingSize } from './RingSizeFields.tsx';
import { shopperMessage } from '~/lib/shopper-text.ts';

interface Props {
  build: Omit<ByoCartAdd, 'selectedRingSize' | 'customSize'>;
  size?: string;
  customSize?: string;
  wishlist: boolean;
}

export default function ByoSummaryActions({ build, size: initialSize = '', customSize: initialCustom = '', wishlist }: Props) {
  const ring = useRingSize(initialSize, initialCustom);
  const { size, custom } = ring;
  const [busy, setBusy] = useState<'cart' | 'wishlist'>();
  const [error, setError] = useState<string>();

  const remember = (next: { size?: string; custom_size?: string }) => {
    const url = new URL(location.href);
    url.searchParams.delete('size');
    url.searchParams.delete('custom_size');
    if (next.size) url.searchParams.set('size', next.size);
    else if (next.custom_size) url.searchParams.set('custom_size', next.custom_size);
    history.replaceState(null, '', url);
    const stored = storedSelection();
    setSelection({
      ...mergeSelections(stored, { setting: build.productID, variant: build.selectedVariantID, diamond: build.diamondID }),
      size: next.size,
      custom_size: next.custom_size,
    });
  };

  const send = async (target: 'cart' | 'wishlist') => {
    const choice = { ...build, ...(size ? { selectedRingSize: size } : custom.trim() ? { customSize: custom.trim() } : {}) };
    if (target === 'cart' && !size && !custom.trim()) {
      setError('Choose a ring size, or enter a custom size');
      return;
    }
    setBusy(target);
    setError(undefined);
    try {
      if (target === 'cart') {
        const answer = await addBuildToCart(choice);
        notify(answer.message, 'success');
        clearSelection();
        openCartPopup();
      } else {
        notify((await addBuildToWishlist(choice)).message, 'success');
      }
    } catch (e) {
      const message = shopperMessage(e);
      setError(message);
      notify(message, 'error');
    } finally {
      setBusy(undefined);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void send(submitter?.value === 'wishlist' ? 'wishlist' : 'cart');
  };

  return (
    <form method="post" action="/api/checkout/cart/add" onSubmit={onSubmit} className="space-y-4" aria-label="Add your ring">
      {/* `ids[]`: one list, the diamond then the setting (src/server/endpoint/form.ts reads it as `ids`). */}
      <input type="hidden" name="ids[]" value={build.diamondID} />
      <input type="hidden" name="ids[]" value={build.productID} />
      <input type="hidden" name="is_byo" value="true" />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="selected_configurable_option" value={build.selectedVariantID} />
      <input type="hidden" name="selected_jewelry_shape" value={build.selectedJewelryShape} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Ring size (US)</legend>
        <RingSizeFields
          sizeLabel="Standard size"
          ring={ring}
          hintId="custom-size-hint"
          controlClassName="rounded border border-primary/25 px-3 py-2.5"
          named
          onSizeChosen={(chosen) => remember({ size: chosen || undefined })}
          onCustomBlur={() => remember({ custom_size: custom.trim() || undefined })}
        />
      </fieldset>
      {error && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="byo-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <TargetButton
          target="cart"
          busy={busy}
          className="rounded-full bg-primary px-7 py-3 text-sm font-medium text-white hover:bg-primary-light disabled:opacity-70"
        >
          {busy === 'cart' ? 'Adding…' : 'Add ring to cart'}
        </TargetButton>
        {wishlist && (
          <TargetButton
            target="wishlist"
            formAction="/api/wishlist/add-byo"
            busy={busy}
            className="rounded-full border border-primary px-6 py-3 text-sm font-medium text-primary hover:bg-ivory disabled:opacity-70"
          >
            {busy === 'wishlist' ? 'Saving…' : 'Add ring to wishlist'}
          </TargetButton>
        )}
      </div>
    </form>
  );
}

/** A submit button that says where the build goes (`target`); all are disabled while one is at work. */
function TargetButton({
  target,
  formAction,
  busy,
  className,
  children,
}: {
  target: 'cart' | 'wishlist';
  formAction?: string;
  busy: 'cart' | 'wishlist' | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="target" value={target} formAction={formAction} disabled={busy !== undefined} className={className}>
      {children}
    </button>
  );
}
