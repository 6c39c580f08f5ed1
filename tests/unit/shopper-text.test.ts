/** The one place that turns failed requests into shopper text (src/lib/shopper-text.ts). */
import { describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGE, GENERIC_ERROR, SOLD_MESSAGE, readable, shopperMessage, shopperTextFor } from '~/lib/shopper-text.ts';

/** What src/lib/http.ts throws, in shape. */
const answered = (status: number, serverMessage: string, code?: string, errors?: Record<string, string[]>) =>
  Object.assign(new Error('x'), { status, serverMessage, code, errors });

describe('shopper text', () => {
  it('reads a request with no answer as a connection failure', () => {
    expect(shopperTextFor({ status: 0, message: 'Request failed due to a network error: POST http://127.0.0.1:4399/api/subscribe' })).toBe(CONNECTION_MESSAGE);
    expect(shopperMessage(new TypeError('Failed to fetch'))).toBe(CONNECTION_MESSAGE);
    expect(shopperMessage(Object.assign(new Error('Request failed due to a network error: POST http://x/api/subscribe'), { name: 'NetworkError' }))).toBe(
      CONNECTION_MESSAGE,
    );
    expect(shopperMessage(Object.assign(new Error('Request timed out: POST http://x/api/x'), { name: 'TimeoutError' }))).toBe(CONNECTION_MESSAGE);
    expect(shopperMessage('nonsense')).toBe(CONNECTION_MESSAGE);
  });

  it('reads any 5xx as the generic error', () => {
    for (const status of [500, 502, 503])
      expect(shopperTextFor({ status, message: 'The shop is starting or its database is unavailable' })).toBe(GENERIC_ERROR);
  });

  it('gives a validation error the field message without its key', () => {
    expect(
      shopperMessage(answered(400, 'cart_item_id: this item is not in your cart', 'validation_failed', { cart_item_id: ['this item is not in your cart'] })),
    ).toBe('This item is not in your cart');
    expect(shopperTextFor({ status: 404, message: 'cart_item_id: this item is not in your cart' })).toBe('This item is not in your cart');
    expect(shopperTextFor({ status: 400, message: 'data.items.0.quantity: must be at least 1' })).toBe('Must be at least 1');
  });

  it('reads 409 and 410 on a sold stone as sold, where the shopper acted on a diamond', () => {
    const sold = answered(409, 'The 1.00 Carat Round Diamond is no longer available', 'unavailable', {
      ids: ['The 1.00 Carat Round Diamond is no longer available'],
    });
    expect(shopperMessage(sold, { stone: true })).toBe(SOLD_MESSAGE);
    expect(shopperMessage(answered(410, 'Gone'), { stone: true })).toBe(SOLD_MESSAGE);
    // Elsewhere the server's words stand; a stone already in the cart is not a sold one.
    expect(shopperMessage(sold)).toBe('The 1.00 Carat Round Diamond is no longer available');
    expect(
      shopperMessage(answered(409, 'This diamond is already in your cart', 'already_in_cart', { ids: ['this diamond is already in your cart'] }), {
        stone: true,
      }),
    ).toBe('This diamond is already in your cart');
  });

  it('keeps plain 4xx messages and refuses technical text', () => {
    expect(shopperTextFor({ status: 404, message: 'This order does not exist' })).toBe('This order does not exist');
    expect(readable('No API endpoint at http://127.0.0.1/api/x')).toBeUndefined();
    expect(readable('Use POST /api/x instead')).toBeUndefined();
    expect(shopperTextFor({ status: 400, message: 'bad selected_size: here' })).toBe(GENERIC_ERROR);
    expect(shopperMessage(new Error('Choose a ring size'))).toBe('Choose a ring size');
  });
});
