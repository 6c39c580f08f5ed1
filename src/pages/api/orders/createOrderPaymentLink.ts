import { z } from 'zod';
import { endpoint, readBody } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { createPaymentLink, parseOrderId } from '~/server/orders/orders.service.ts';

const body = z.object({ id: z.union([z.number(), z.string()], { error: 'Give the order id' }) });

export const POST = endpoint(async ({ request, locals }) => {
  const customer = requireCustomer(locals);
  const { id } = await readBody(request, body);
  const link = await createPaymentLink(customer, parseOrderId(id));
  return { message: 'Follow the link to pay for this order.', data: link, url: link.url };
});
