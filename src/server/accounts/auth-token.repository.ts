/** One-time tokens (reset password, verify account, first-time login), stored as SHA-256 hashes. */
import type { Db } from '~/server/db/database.ts';
import type { AuthTokensTable } from '~/server/db/schema.ts';

export type TokenPurpose = AuthTokensTable['purpose'];

export async function insertToken(
  db: Db,
  customerId: number,
  purpose: TokenPurpose,
  tokenHash: string,
  lifetimeMs: number,
  detail: string | null = null,
): Promise<void> {
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
export async function findUsableToken(db: Db, tokenHash: string, purposes: TokenPurpose[]) {
  return db
    .selectFrom('auth_tokens')
    .select(['id', 'customer_id', 'purpose', 'detail'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** The update that marks the auth_tokens still unused, narrowed by the caller's conditions, used now. */
const markUsed = (db: Db) => db.updateTable('auth_tokens').set({ used_at: new Date().toISOString() }).where('used_at', 'is', null);

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function spendToken(db: Db, id: number): Promise<boolean> {
  const result = await markUsed(db).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Retires every outstanding token of these purposes (a newer link, or the password changed); with
 * `afterId`, only those issued after that token (the later e-mail changes an undo link reverts).
 */
export async function retireTokens(db: Db, customerId: number, purposes: TokenPurpose[], afterId?: number): Promise<void> {
  const outstanding = markUsed(db).where('customer_id', '=', customerId).where('purpose', 'in', purposes);
  await (afterId === undefined ? outstanding : outstanding.where('id', '>', afterId)).execute();
}
