/** The checkout cart as the API answers it: the cart's lines plus every total and its `formated_` string. */
import type { CheckoutCart } from '~/features/checkout/checkout.schema.ts';
import { money } from '~/lib/money.ts';
import type { CheckoutState } from './checkout-state.ts';
import { paymentTitle } from './payment-methods.ts';
import { cartTax } from '~/server/tax/order-tax.presenter.ts';

export function presentCheckout(state: CheckoutState): CheckoutCart {
  const { cart, totals } = state;
  const method = state.methods.find((m) => m.method === cart.payment_method);
  return {
    ...state.view,
    ...money('sub_total', totals.subtotal),
    ...money('discount_amount', totals.discount),
    ...money('shipping_amount', totals.shipping),
    ...money('store_credit_amount', totals.credit),
    ...money('grand_total', totals.grand),
    ...money('store_credit_balance', state.creditBalance),
    ...cartTax(state.tax),
    billing_address: state.billing,
    shipping_address: state.shipping,
    instructions: cart.instructions,
    selected_shipping_rate: state.rate,
    payment: method ? { method: method.method, method_title: paymentTitle(method.method) } : null,
    coupon_code: cart.coupon_code,
    coupon_error: state.coupon?.problem ?? null,
    is_guest: state.customerId === null,
  };
}
