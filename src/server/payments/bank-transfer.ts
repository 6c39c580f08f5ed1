/**
 * The shop's bank details for transfers (shop.json `payments.bank_transfer`), as label/value rows for
 * the payment step, the success page, the order view and the e-mail, with the amount and the
 * reference (the order number) the transfer must carry.
 */
import { shopConfig } from '~/server/shop/shop-config.ts';

export interface BankRow {
  label: string;
  value: string;
}

type Details = NonNullable<NonNullable<typeof shopConfig.payments>['bank_transfer']>;

export function bankDetails(): Details | undefined {
  return shopConfig.payments?.bank_transfer;
}

/** The reference a transfer for this order must carry. */
export function transferReference(incrementId: string, details = bankDetails()): string {
  return (details?.reference ?? '{order}').replaceAll('{order}', incrementId);
}

/** The rows to show; `order` adds the amount and the order's own reference. */
export function bankRows(order?: { increment_id: string; formated_grand_total: string }, details = bankDetails()): BankRow[] {
  if (!details) return [];
  const rows: BankRow[] = [
    ...(order ? [{ label: 'Amount', value: order.formated_grand_total }] : []),
    { label: 'Account name', value: details.account_name },
    { label: 'Bank', value: details.bank_name },
    ...(details.account_number ? [{ label: 'Account number', value: details.account_number }] : []),
    ...(details.iban ? [{ label: 'IBAN', value: details.iban }] : []),
    ...(details.routing_number ? [{ label: 'Routing number', value: details.routing_number }] : []),
    ...(details.swift_bic ? [{ label: 'SWIFT/BIC', value: details.swift_bic }] : []),
    { label: 'Reference', value: order ? transferReference(order.increment_id, details) : 'your order number' },
  ];
  return rows;
}

/** One line per row, for plain-text mail and descriptions. */
export const bankLines = (rows: BankRow[]) => rows.map((r) => `${r.label}: ${r.value}`);
