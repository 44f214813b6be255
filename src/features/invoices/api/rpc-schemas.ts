import { z } from 'zod';
import { AGING_BUCKETS, DOCUMENT_TYPES, INVOICE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS } from '@/domain/invoices';

/**
 * The JSON of list_invoices() and get_invoice() (migrations 20261124200700_invoice_lists and
 * 20261124200600_get_invoice), parsed at the fetcher: a changed shape is "Operation failed".
 */
const currency = z.enum(['SAR', 'AED', 'USD', 'EUR']);
const money = z.coerce.number();
const nullableMoney = z.coerce.number().nullable();

export const invoiceListRowSchema = z.object({
  id: z.string(),
  invoice_number: z.string().nullable(),
  document_type: z.enum(DOCUMENT_TYPES),
  invoice_kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  issue_date: z.string(),
  due_date: z.string(),
  currency,
  exchange_rate: nullableMoney,
  subtotal: money,
  vat_amount: money,
  total_amount: money,
  total_amount_sar: nullableMoney,
  paid_amount: money,
  refunded_amount: money,
  credited_amount: money,
  balance_due: money,
  buyer_name: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  booking_reference: z.string().nullable(),
  original_invoice_id: z.string().nullable(),
  zatca_status: z.string(),
  days_overdue: z.number(),
  aging: z.enum(AGING_BUCKETS).nullable(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

export const invoicePageSchema = z.object({
  total: z.number(),
  totals: z.object({ subtotal: money, vat: money, total: money, paid: money, balance: money }),
  rows: z.array(invoiceListRowSchema),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

const addressSchema = z
  .object({
    street: z.string().nullish(),
    building_number: z.string().nullish(),
    additional_number: z.string().nullish(),
    district: z.string().nullish(),
    city: z.string().nullish(),
    region: z.string().nullish(),
    postal_code: z.string().nullish(),
    country: z.string().nullish(),
  })
  .nullable();
export type InvoiceAddress = z.infer<typeof addressSchema>;

const lineSchema = z.object({
  id: z.string(),
  position: z.number(),
  description: z.string(),
  description_ar: z.string().nullable(),
  quantity: money,
  rate: money,
  amount: money,
  vat_category: z.enum(['S', 'Z', 'E', 'O']),
  vat_rate: money,
  vat_amount: money,
  vat_exemption_code: z.string().nullable(),
  vat_exemption_reason: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof lineSchema>;

const paymentSchema = z.object({
  id: z.string(),
  paid_at: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: money,
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  is_refund: z.boolean(),
  credit_note_id: z.string().nullable(),
  is_partial: z.boolean().nullable(),
  remaining_balance: nullableMoney,
  received_by_name: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof paymentSchema>;

const relatedSchema = z.object({
  id: z.string(),
  invoice_number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  issue_date: z.string(),
  reason: z.string().nullable(),
  total_amount: money,
  zatca_status: z.string(),
});
export type RelatedDocument = z.infer<typeof relatedSchema>;

const submissionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  http_status: z.number().nullable(),
  warnings: z.unknown(),
  errors: z.unknown(),
  last_error: z.string().nullable(),
  history: z.unknown(),
});
export type ZatcaSubmission = z.infer<typeof submissionSchema>;

export const invoiceDetailSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  invoice_number: z.string().nullable(),
  document_type: z.enum(DOCUMENT_TYPES),
  invoice_kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  client_id: z.string().nullable(),
  booking_id: z.string().nullable(),
  original_invoice_id: z.string().nullable(),
  reason: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  currency,
  exchange_rate: nullableMoney,
  issue_date: z.string(),
  issue_time: z.string().nullable(),
  issued_at: z.string().nullable(),
  due_date: z.string(),
  notes: z.string().nullable(),
  subtotal: money,
  vat_rate: money,
  vat_amount: money,
  total_amount: money,
  paid_amount: money,
  refunded_amount: money,
  credited_amount: money,
  balance_due: money,
  subtotal_sar: nullableMoney,
  vat_amount_sar: nullableMoney,
  total_amount_sar: nullableMoney,
  standard_rated_amount: money,
  exempt_amount: money,
  zero_rated_amount: money,
  out_of_scope_amount: money,
  buyer_name: z.string().nullable(),
  buyer_vat_number: z.string().nullable(),
  buyer_id_scheme: z.string().nullable(),
  buyer_id: z.string().nullable(),
  buyer_address: addressSchema,
  lines: z.array(lineSchema),
  payments: z.array(paymentSchema).nullable(),
  credit_notes: z.array(relatedSchema),
  debit_notes: z.array(relatedSchema.extend({ balance_due: money })),
  original_invoice: z
    .object({
      id: z.string(),
      invoice_number: z.string().nullable(),
      document_type: z.enum(DOCUMENT_TYPES),
      issue_date: z.string(),
      total_amount: money,
      status: z.enum(INVOICE_STATUSES),
    })
    .nullable(),
  seller: z.object({
    name: z.string().nullable(),
    name_en: z.string().nullable(),
    vat_number: z.string().nullable(),
    commercial_registration: z.string().nullable(),
    address: addressSchema,
  }),
  buyer: z.object({
    name: z.string().nullable(),
    vat_number: z.string().nullable(),
    id_scheme: z.string().nullable(),
    id: z.string().nullable(),
    address: addressSchema,
  }),
  client: z
    .object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      preferred_language: z.string().nullable(),
    })
    .nullable(),
  booking: z
    .object({
      id: z.string(),
      booking_reference: z.string(),
      check_in: z.string(),
      check_out: z.string(),
      nights: z.number(),
      unit_id: z.string().nullable(),
      unit_name: z.string().nullable(),
      unit_name_ar: z.string().nullable(),
    })
    .nullable(),
  zatca: z.object({
    status: z.string(),
    uuid: z.string().nullable(),
    invoice_counter: z.number().nullable(),
    invoice_hash: z.string().nullable(),
    previous_invoice_hash: z.string().nullable(),
    qr: z.string().nullable(),
    submitted_at: z.string().nullable(),
    submissions: z.array(submissionSchema),
  }),
  can: z.object({ write: z.boolean(), pay: z.boolean() }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
