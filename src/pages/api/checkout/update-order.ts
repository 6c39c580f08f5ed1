import { methodNotAllowed } from '~/server/cart/request.ts';
import { updateOrderSchema } from '~/features/checkout/checkout.schema.ts';
import { getDb } from '~/server/db/database.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { updateOrder } from '~/server/checkout/update-order.ts';

/** POST /api/checkout/update-order with `{ cart_id, orderId, orderToken, paymentData, paymentMethod }`: pays an unpaid order. */
export const POST = endpoint(async ({ request }) => updateOrder(await getDb(), await readBody(request, updateOrderSchema)));

export const ALL = methodNotAllowed('POST');
