/**
 * The remove confirmation (docs/api.md): "Remove All Items" or "Remove Item", Cancel and
 * Remove. On success the cart is replaced with the server's answer and a success snackbar carries its
 * message; on failure an error snackbar does; either way the dialog closes.
 */
import { useState } from 'react';
import ConfirmDialog from '~/components/ui/ConfirmDialog.tsx';
import type { CartItem } from './cart.schema.ts';
import { removeAllCartItems, removeCartItem } from './cart.store.ts';
import { notify } from './notify.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';

export type RemovalTarget = { mode: 'all' } | { mode: 'item'; item: CartItem };

export const REMOVAL_TEXTS = {
  all: { title: 'Remove All Items', content: 'Are you sure you want to remove all Products from the cart?' },
  item: { title: 'Remove Item', content: 'Are you sure you want to remove this product from the cart?' },
} as const;

export function useCartRemoval() {
  const [target, setTarget] = useState<RemovalTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setTarget(null);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      const answer = target.mode === 'all' ? await removeAllCartItems() : await removeCartItem(target.item);
      notify(answer.message, 'success');
    } catch (error) {
      notify(shopperMessage(error), 'error');
    } finally {
      setBusy(false);
      close();
    }
  }

  const texts = target ? REMOVAL_TEXTS[target.mode] : undefined;
  const button = 'rounded-full px-5 py-2 text-sm font-medium tracking-wide disabled:opacity-60';
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onClose={() => !busy && close()}
      title={texts?.title}
      content={texts?.content}
      actions={
        <>
          <button type="button" className={`${button} border border-primary text-primary hover:bg-ivory`} onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={`${button} bg-primary text-white hover:bg-primary-light`} onClick={confirm} disabled={busy}>
            Remove
          </button>
        </>
      }
    />
  );
  return { request: setTarget, dialog, isOpen: target !== null };
}
