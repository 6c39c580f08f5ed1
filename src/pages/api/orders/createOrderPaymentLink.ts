import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { createPaymentLink, parseOrderId, paymentLinkRequestSchema } from '~/server/orders/orders.service.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const customer = requireCustomer(locals);
  const { id } = await readBody(request, paymentLinkRequestSchema);
  const link = await createPaymentLink(customer, parseOrderId(id));
  return { message: 'Follow the link to pay for this order.', data: link, url: link.url };
});

export const ALL = methodNotAllowed('POST');
