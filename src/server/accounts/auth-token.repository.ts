/** One-time tokens (reset password, verify account, first-time login), stored as SHA-256 hashes. */
import { getDb } from '~/server/db/database.ts';
import type { AuthTokensTable } from '~/server/db/schema.ts';

export type TokenPurpose = AuthTokensTable['purpose'];

export async function insertToken(
  customerId: number,
  purpose: TokenPurpose,
  tokenHash: string,
  lifetimeMs: number,
  detail: string | null = null,
): Promise<void> {
  const db = await getDb();
  const now = Date.now();
  await db
    .insertInto('auth_tokens')
    .values({
      customer_id: customerId,
      purpose,
      token_hash: tokenHash,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + lifetimeMs).toISOString(),
      used_at: null,
      detail,
    })
    .execute();
}

/** An unused, unexpired token of one of these purposes. */
export async function findUsableToken(tokenHash: string, purposes: TokenPurpose[]) {
  const db = await getDb();
  return db
    .selectFrom('auth_tokens')
    .select(['id', 'customer_id', 'purpose', 'detail'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function spendToken(id: number): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every outstanding token of these purposes (a newer link, or the password changed). */
export async function retireTokens(customerId: number, purposes: TokenPurpose[]): Promise<void> {
  const db = await getDb();
  await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('customer_id', '=', customerId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/** Retires the customer's tokens of one purpose issued after the token `afterId` (the later e-mail changes an undo link reverts). */
export async function retireLaterTokens(customerId: number, purpose: TokenPurpose, afterId: number): Promise<void> {
  const db = await getDb();
  await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('customer_id', '=', customerId)
    .where('purpose', '=', purpose)
    .where('id', '>', afterId)
    .where('used_at', 'is', null)
    .execute();
}
