import { methodNotAllowed } from '~/server/cart/request.ts';
import { savePaymentSchema } from '~/features/checkout/checkout.schema.ts';
import { endpoint, readBody } from '~/server/http.ts';
import { checkoutRequest } from '~/server/checkout/checkout.http.ts';
import { savePayment } from '~/server/checkout/checkout.service.ts';

/** POST /api/checkout/save-payment with `{ payment: { method } }`. */
export const POST = endpoint(async (context) => {
  const { payment } = await readBody(context.request, savePaymentSchema);
  return { message: 'Payment method saved', data: await savePayment(await checkoutRequest(context), payment.method) };
});

export const ALL = methodNotAllowed('POST');
