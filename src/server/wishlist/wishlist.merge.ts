/**
 * Signing in merges the guest's wishlist into the customer's: entries the customer does not have yet
 * move over (up to the wishlist limit); the guest wishlist and its cookie are then gone.
 */
import { WISHLIST_LIMIT } from '~/features/wishlist/wishlist.schema.ts';
import type { Db } from '~/server/db/database.ts';
import { loadItems } from '~/server/cart/catalog-items.repository.ts';
import { groupLines, type LineGroup } from '~/server/cart/cart.presenter.ts';
import {
  assignWishlist,
  deleteWishlist,
  findWishlistByCustomer,
  findWishlistByToken,
  moveWishlistRows,
  wishlistRows,
  type WishlistItemRow,
} from './wishlist.repository.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

const key = ({ parent, child }: LineGroup<WishlistItemRow>) =>
  [parent.item_id, parent.variant_id, parent.selected_jewelry_shape, parent.selected_size, parent.custom_size, child?.item_id].join('|');

export async function mergeGuestWishlist(db: Db, guestToken: string, customerId: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const guest = await findWishlistByToken(trx, guestToken);
    if (!guest) return;
    const target = await findWishlistByCustomer(trx, customerId);
    if (!target) return assignWishlist(trx, guest.id, customerId);
    const mine = await wishlistRows(trx, target.id);
    const theirs = await wishlistRows(trx, guest.id);
    const records = await loadItems(
      trx,
      [...mine, ...theirs].map((r) => r.item_id),
    );
    const have = new Set(groupLines(mine, records).map(key));
    let room = WISHLIST_LIMIT - have.size;
    const move: number[] = [];
    // Oldest first, so that the guest's order is kept.
    for (const group of groupLines(theirs, records).toReversed()) {
      if (room <= 0 || have.has(key(group))) continue;
      have.add(key(group));
      room--;
      move.push(group.parent.id, ...(group.child ? [group.child.id] : []));
    }
    await moveWishlistRows(trx, target.id, move);
    await deleteWishlist(trx, guest.id);
  });
}
