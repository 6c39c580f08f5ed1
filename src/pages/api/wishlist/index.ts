import { wishlistPageSchema } from '~/features/wishlist/wishlist.schema.ts';
import { endpoint, validationError } from '~/server/http.ts';
import { wishlistRequest } from '~/server/wishlist/wishlist.http.ts';
import { listWishlist } from '~/server/wishlist/wishlist.service.ts';
import { methodNotAllowed } from '~/server/cart/request.ts';

/** GET /api/wishlist?page=: a page of entries, newest first, with `meta` for paging. */
export const GET = endpoint(async (context) => {
  const query = wishlistPageSchema.safeParse({ page: context.url.searchParams.get('page') ?? undefined });
  if (!query.success) throw validationError(query.error);
  const { db, owner } = await wishlistRequest(context);
  return listWishlist(db, owner, query.data.page);
});

export const ALL = methodNotAllowed('GET');
