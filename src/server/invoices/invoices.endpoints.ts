/** Invoices and credit notes (docs/api.md "Tax and invoices"): the owner's PDF, the staff's PDF or JSON. */
import { z } from 'zod';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { recordPathSchema } from '~/server/endpoint/record-id.ts';
import { staffInvoiceAnswerSchema, staffOrderPathSchema } from '~/server/orders/staff.answers.ts';

export const invoicesEndpoints = {
  customerInvoice: defineEndpoint({
    method: 'get',
    path: '/api/order/{id}/invoice',
    tag: 'Orders',
    access: 'customer',
    summary: "The order's invoice as PDF (the owner only; 404 for another customer's order or before it is paid)",
    params: recordPathSchema,
    answers: {},
    fileAnswer: { types: ['application/pdf'], description: 'The invoice INV-YYYY-NNNNNN' },
    errors: [404],
  }),
  staffInvoice: defineEndpoint({
    method: 'get',
    path: '/api/admin/orders/{id}/invoice',
    tag: 'Operators',
    access: 'admin',
    summary: "An order's invoice: the PDF, or with ?format=json what it says (lines, tax, totals, credit notes)",
    params: staffOrderPathSchema,
    query: z.object({ format: z.enum(['pdf', 'json'], { error: 'must be pdf or json' }).optional() }),
    answers: { 200: staffInvoiceAnswerSchema },
    fileAnswer: { types: ['application/pdf'], description: 'The invoice INV-YYYY-NNNNNN' },
    errors: [401, 404, 429],
  }),
  creditNote: defineEndpoint({
    method: 'get',
    path: '/api/admin/orders/{id}/credit-notes/{number}',
    tag: 'Operators',
    access: 'admin',
    summary: "A refund's credit note as PDF (CN-YYYY-NNNNNN)",
    params: staffOrderPathSchema.extend({ number: z.string().describe('The credit note number, CN-2026-000001') }),
    answers: {},
    fileAnswer: { types: ['application/pdf'], description: 'The credit note' },
    errors: [401, 404, 429],
  }),
};
