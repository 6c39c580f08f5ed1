/** What the checkout pages share: private caching, reading form posts, and an order named by id + token. */
import type { AstroGlobal } from 'astro';
import { getDb } from '~/server/db/database.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { presentOrder } from './order.presenter.ts';
import { orderByToken } from './update-order.ts';
import type { PlacedOrder } from '~/features/checkout/checkout.schema.ts';

export function privateCheckoutPage(Astro: AstroGlobal): void {
  Astro.response.headers.set('cache-control', 'private, no-store');
  // Order tokens ride in these URLs: never send them to another site as a referrer.
  Astro.response.headers.set('referrer-policy', 'same-origin');
}

export async function formFields(request: Request): Promise<Record<string, string>> {
  try {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** The order of `?order=&token=`, or undefined (the page answers 404) when they do not name one. */
export async function orderFromQuery(url: URL): Promise<PlacedOrder | undefined> {
  const id = Number(url.searchParams.get('order'));
  const token = url.searchParams.get('token') ?? '';
  if (!Number.isSafeInteger(id) || id < 1 || !token) return undefined;
  try {
    return await presentOrder(await orderByToken(await getDb(), id, token));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
}
