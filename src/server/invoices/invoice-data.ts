/**
 * What an invoice or a credit note says, read from the order as it was written: the seller
 * (shop.json `tax.seller`), the buyer's billing address, the numbers and dates, each line with its metal,
 * carat and, for a diamond, its certificate; the discount, shipping, the tax by rate, the total and what
 * was paid how. The PDF (invoice-pdf.ts), the admin JSON and the tests read this one description.
 */
import { columnsOf } from '~/server/db/columns.ts';
import type { Db } from '~/server/db/database.ts';
import type { CheckoutAddress } from '~/features/checkout/checkout.schema.ts';
import { formatCents } from '~/lib/money.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';
import { countryName } from '~/server/checkout/geo.ts';
import { paymentTitle } from '~/server/checkout/payment-methods.ts';
import type { OrderRow } from '~/server/orders/order.repository.ts';
import { LIVE_REFUND } from '~/server/payments/payment-session.repository.ts';
import { taxLineLabel } from '~/server/tax/order-tax.presenter.ts';

export interface InvoiceLine {
  name: string;
  sku: string;
  details: string[];
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  tax_cents: number;
}

export interface CreditNote {
  number: string;
  date: string;
  amount_cents: number;
  tax_cents: number;
  reason: string;
}

export interface InvoiceData {
  number: string;
  date: string;
  order_number: string;
  order_date: string;
  seller: { name: string; address: string[]; tax_id: string | null };
  buyer: string[];
  lines: InvoiceLine[];
  subtotal_cents: number;
  discount_cents: number;
  coupon_code: string | null;
  shipping_cents: number;
  shipping_method: string | null;
  shipping_tax_cents: number;
  tax: { label: string; rate: number; included: boolean; cents: number } | null;
  store_credit_cents: number;
  total_cents: number;
  payment: string;
  credit_notes: CreditNote[];
}

function parseJson<T>(text: string | null): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function addressLines(a: CheckoutAddress | null, email: string): string[] {
  if (!a) return [email];
  const cityLine = [a.city, a.state, a.postcode].filter(Boolean).join(' ');
  return [
    `${a.first_name} ${a.last_name}`.trim(),
    a.address1,
    ...(a.address2 ? [a.address2] : []),
    cityLine,
    countryName(a.country) ?? a.country,
    email,
  ].filter((l): l is string => Boolean(l && l.trim()));
}

const rate = (millionths: number) => `${(millionths / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')}%`;

export async function invoiceData(db: Db, order: OrderRow): Promise<InvoiceData | undefined> {
  if (!order.invoice_number) return undefined;
  const items = await db
    .selectFrom('order_items')
    .leftJoin('diamonds', 'diamonds.id', 'order_items.item_id')
    .select([
      ...columnsOf('order_items', ['name', 'sku', 'qty_ordered', 'price_cents', 'tax_cents', 'options']),
      'diamonds.id as diamond_id',
      ...columnsOf('diamonds', ['carat', 'lab', 'certificate_number']),
    ])
    .where('order_items.order_id', '=', order.id)
    .orderBy('order_items.id')
    .execute();
  const lines = items.map((i): InvoiceLine => {
    const options = parseJson<{ choices?: string[] }>(i.options);
    const details = [...(options?.choices ?? [])];
    if (i.diamond_id !== null) {
      details.unshift(`${Number(i.carat).toFixed(2)} ct`);
      details.push(`Certificate ${i.lab} ${i.certificate_number}`);
    }
    return {
      name: i.name,
      sku: i.sku,
      details,
      quantity: i.qty_ordered,
      unit_price_cents: i.price_cents,
      total_cents: i.price_cents * i.qty_ordered,
      tax_cents: i.tax_cents,
    };
  });
  const refunds = await db
    .selectFrom('order_refunds')
    .select(['credit_note_number', 'credit_noted_at', 'amount_cents', 'tax_cents', 'reason', 'status'])
    .where('order_id', '=', order.id)
    .where('credit_note_number', 'is not', null)
    .orderBy('id')
    .execute();
  const seller = shopConfig.tax?.seller;
  const how = [
    order.payment_provider === 'banktransfer' ? 'Bank transfer' : paymentTitle(order.payment_method),
    order.payment_reference ? `(reference ${order.payment_reference})` : '',
    formatCents(order.grand_total_cents),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    number: order.invoice_number,
    date: (order.invoiced_at ?? order.created_at).slice(0, 10),
    order_number: order.increment_id,
    order_date: order.created_at.slice(0, 10),
    seller: { name: seller?.name ?? shopConfig.shop_name, address: seller?.address ?? [], tax_id: seller?.tax_id ?? null },
    buyer: addressLines(parseJson<CheckoutAddress>(order.billing_address), order.email),
    lines,
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    coupon_code: order.coupon_code,
    shipping_cents: order.shipping_cents,
    shipping_method: order.shipping_method,
    shipping_tax_cents: order.shipping_tax_cents,
    tax:
      order.tax_label && order.tax_cents > 0
        ? {
            label: `${taxLineLabel(order.tax_label, order.tax_included === 1)} ${rate(order.tax_rate_millionths)}`,
            rate: order.tax_rate_millionths / 1_000_000,
            included: order.tax_included === 1,
            cents: order.tax_cents,
          }
        : null,
    store_credit_cents: order.store_credit_cents,
    total_cents: order.grand_total_cents,
    payment: [how, ...(order.store_credit_cents > 0 ? [`Store credit ${formatCents(order.store_credit_cents)}`] : [])].join('; '),
    credit_notes: refunds
      .filter((r) => LIVE_REFUND.includes(r.status))
      .map((r) => ({
        number: r.credit_note_number!,
        date: (r.credit_noted_at ?? '').slice(0, 10),
        amount_cents: r.amount_cents,
        tax_cents: r.tax_cents,
        reason: r.reason,
      })),
  };
}
