/**
 * Signing in merges the guest's cart into the customer's: the guest's lines move over, the same product
 * with the same choices adds up its quantity, and a stone the customer's cart already holds is not
 * added twice. The guest cart and its cookie are then gone.
 */
import { MAX_LINE_QUANTITY } from '~/features/cart/cart.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { loadItems } from './catalog-items.repository.ts';
import {
  assignCartToCustomer,
  cartLines,
  deleteCart,
  findActiveCartByCustomer,
  findActiveCartByToken,
  moveLines,
  setLineQuantity,
  touchCart,
} from './cart.repository.ts';
import { groupLines } from './cart.presenter.ts';
import { sameChoice } from './cart.service.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

/** Merges the active guest cart named by `guestToken` into the customer's active cart (or hands it over). */
export async function mergeGuestCart(db: Db, guestToken: string, customerId: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const guest = await findActiveCartByToken(trx, guestToken);
    if (!guest) return;
    const target = await findActiveCartByCustomer(trx, customerId);
    if (!target) return assignCartToCustomer(trx, guest.id, customerId);
    await touchCart(trx, target.id);
    const mine = await cartLines(trx, target.id);
    const theirs = await cartLines(trx, guest.id);
    const records = await loadItems(
      trx,
      [...mine, ...theirs].map((r) => r.item_id),
    );
    const held = new Set(mine.filter((r) => records.get(r.item_id)?.kind === 'diamond').map((r) => r.item_id));
    const move: number[] = [];
    for (const { parent, child } of groupLines(theirs, records)) {
      const rows = child ? [parent, child] : [parent];
      if (rows.some((r) => held.has(r.item_id))) continue;
      const same = child ? undefined : mine.find((r) => sameChoice(r, parent));
      if (same) await setLineQuantity(trx, target.id, same.id, Math.min(MAX_LINE_QUANTITY, same.quantity + parent.quantity));
      else move.push(...rows.map((r) => r.id));
    }
    await moveLines(trx, target.id, move);
    await deleteCart(trx, guest.id);
  });
}
