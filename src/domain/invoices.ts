import { z } from 'zod';
import { Constants } from '@/types/database';
import { invoiceTotals, MAX_INVOICE_HALALAS, parseScaled } from './invoice-money';
import { MESSAGES } from './validation';

/**
 * An invoice as the form writes it and as create_invoice / update_invoice_draft receive it
 * (migration 20261124200400_invoice_drafts): one schema, the database's bounds. Amounts are sent
 * as decimal text, never floats: the database reads them exactly (private.json_decimal).
 * Refusals are i18n keys (`invoices:form.errors.*`, `common:validation.*`).
 */
export const INVOICE_STATUSES = Constants.public.Enums.invoice_status;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_METHODS = Constants.public.Enums.payment_method;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const INVOICE_CURRENCIES = ['SAR', 'AED', 'USD', 'EUR'] as const;
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];
export const DOCUMENT_TYPES = ['invoice', 'credit_note', 'debit_note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const INVOICE_KINDS = ['simplified', 'standard'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** The VAT treatments a line of a rental business takes: 15 %, or residential rent (exempt, VATEX-SA-30). */
export const LINE_VAT_CATEGORIES = ['S', 'E'] as const;
export const RESIDENTIAL_RENT_EXEMPTION = 'VATEX-SA-30';
/** ZATCA's schemes for a buyer's other ID (BR-KSA-14). */
export const BUYER_ID_SCHEMES = ['CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH', 'TIN'] as const;
export const AGING_BUCKETS = ['current', '1_30', '31_60', '60_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;
// Control characters other than tab, line feed and carriage return (they break the UBL XML).
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/;

export const INVOICE_MESSAGES = {
  bookingRequired: 'invoices:form.errors.booking_required',
  description: 'invoices:form.errors.description',
  quantity: 'invoices:form.errors.quantity',
  rate: 'invoices:form.errors.rate',
  noLines: 'invoices:form.errors.no_lines',
  tooManyLines: 'invoices:form.errors.too_many_lines',
  tooLarge: 'invoices:form.errors.too_large',
  exchangeRate: 'invoices:form.errors.exchange_rate',
  dueBeforeIssue: 'invoices:form.errors.due_before_issue',
  vatNumber: 'invoices:form.errors.vat_number',
  buyerName: 'invoices:form.errors.buyer_name',
  buyerIdentity: 'invoices:form.errors.buyer_identity',
  buyerId: 'invoices:form.errors.buyer_id',
  buildingNumber: 'invoices:form.errors.building_number',
  postalCode: 'invoices:form.errors.postal_code',
  reason: 'invoices:form.errors.reason',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'invoices:form.errors.characters' });

const decimalText = (scale: number, min: bigint, max: bigint, message: string, exclusiveMin = false) =>
  z.string().refine(
    (value) => {
      const scaled = parseScaled(value, scale);
      return scaled !== null && (exclusiveMin ? scaled > min : scaled >= min) && scaled <= max;
    },
    { error: message },
  );

export const invoiceLineSchema = z.object({
  description: text(500).pipe(z.string().min(1, { error: INVOICE_MESSAGES.description })),
  description_ar: text(500),
  // 0 < quantity ≤ 100,000, three decimals; 0 ≤ rate ≤ 10,000,000, two decimals.
  quantity: decimalText(3, 0n, 100_000_000n, INVOICE_MESSAGES.quantity, true),
  rate: decimalText(2, 0n, 1_000_000_000n, INVOICE_MESSAGES.rate),
  vat_category: z.enum(LINE_VAT_CATEGORIES),
});

const addressSchema = z.object({
  street: text(200),
  building_number: text(10),
  additional_number: text(10),
  district: text(200),
  city: text(200),
  postal_code: text(10),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: MESSAGES.required }),
});

export const invoiceFields = z.object({
  invoice_kind: z.enum(INVOICE_KINDS),
  client_id: z.string(),
  booking_id: z.string(),
  currency: z.enum(INVOICE_CURRENCIES),
  exchange_rate: z.string(),
  issue_date: z.iso.date({ error: MESSAGES.date }),
  due_date: z.iso.date({ error: MESSAGES.date }),
  notes: text(2000),
  buyer_name: text(200),
  buyer_vat_number: z.string().trim(),
  buyer_id_scheme: z.union([z.enum(BUYER_ID_SCHEMES), z.literal('')]),
  buyer_id: z.string().trim(),
  buyer_address: addressSchema,
  lines: z
    .array(invoiceLineSchema)
    .min(1, { error: INVOICE_MESSAGES.noLines })
    .max(200, { error: INVOICE_MESSAGES.tooManyLines }),
});

type InvoiceFieldsOutput = z.output<typeof invoiceFields>;

/** The rules that span fields, each reported under the field a person fixes. */
function checkInvoice(invoice: InvoiceFieldsOutput, context: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
  if (invoice.currency !== 'SAR') {
    const rate = parseScaled(invoice.exchange_rate, 6);
    if (rate === null || rate <= 0n || rate > 100_000_000_000n) issue(['exchange_rate'], INVOICE_MESSAGES.exchangeRate);
  }
  if (invoice.due_date < invoice.issue_date) issue(['due_date'], INVOICE_MESSAGES.dueBeforeIssue);
  if (invoiceTotals(invoice.lines).total > MAX_INVOICE_HALALAS) issue(['lines'], INVOICE_MESSAGES.tooLarge);

  const vat = invoice.buyer_vat_number;
  if (vat && !VAT_NUMBER_PATTERN.test(vat)) issue(['buyer_vat_number'], INVOICE_MESSAGES.vatNumber);
  if (invoice.buyer_id && !/^[A-Za-z0-9-]{1,50}$/.test(invoice.buyer_id)) issue(['buyer_id'], INVOICE_MESSAGES.buyerId);
  if (Boolean(invoice.buyer_id_scheme) !== Boolean(invoice.buyer_id)) issue(['buyer_id'], INVOICE_MESSAGES.buyerId);
  const address = invoice.buyer_address;
  const saudi = address.country.toUpperCase() === 'SA';
  if (saudi && address.building_number && !/^\d{4}$/.test(address.building_number))
    issue(['buyer_address', 'building_number'], INVOICE_MESSAGES.buildingNumber);
  if (saudi && address.additional_number && !/^\d{4}$/.test(address.additional_number))
    issue(['buyer_address', 'additional_number'], INVOICE_MESSAGES.buildingNumber);
  if (saudi && address.postal_code && !/^\d{5}$/.test(address.postal_code))
    issue(['buyer_address', 'postal_code'], INVOICE_MESSAGES.postalCode);

  // A standard (B2B) tax invoice names its buyer fully (BR-KSA-42, 10, 14; private.standard_buyer_gap).
  if (invoice.invoice_kind === 'standard') {
    if (!invoice.buyer_name) issue(['buyer_name'], INVOICE_MESSAGES.buyerName);
    if (!vat && !(invoice.buyer_id_scheme && invoice.buyer_id))
      issue(['buyer_vat_number'], INVOICE_MESSAGES.buyerIdentity);
    const required = saudi
      ? (['street', 'building_number', 'district', 'city', 'postal_code'] as const)
      : (['street', 'city', 'postal_code'] as const);
    for (const field of required) if (!address[field]) issue(['buyer_address', field], MESSAGES.required);
  }
}

export const invoiceSchema = invoiceFields.superRefine(checkInvoice);
export type InvoiceInput = z.input<typeof invoiceSchema>;
export type InvoiceValues = z.output<typeof invoiceSchema>;

/** The document create_invoice / update_invoice_draft take, from the form's checked values. */
export function invoiceRequest(values: InvoiceValues) {
  const blank = (value: string) => (value.trim() === '' ? null : value.trim());
  const address = values.buyer_address;
  const hasAddress = Object.entries(address).some(([key, value]) => key !== 'country' && value.trim() !== '');
  return {
    document_type: 'invoice' as const,
    invoice_kind: values.invoice_kind,
    client_id: blank(values.client_id),
    booking_id: blank(values.booking_id),
    currency: values.currency,
    exchange_rate: values.currency === 'SAR' ? '1' : normalizedDecimal(values.exchange_rate, 6),
    issue_date: values.issue_date,
    due_date: values.due_date,
    notes: blank(values.notes),
    buyer_name: blank(values.buyer_name),
    buyer_vat_number: blank(values.buyer_vat_number),
    buyer_id_scheme: blank(values.buyer_id_scheme),
    buyer_id: blank(values.buyer_id),
    buyer_address: hasAddress
      ? Object.fromEntries(
          Object.entries({ ...address, country: address.country.toUpperCase() }).filter(([, value]) => value !== ''),
        )
      : null,
    lines: values.lines.map(lineRequest),
  };
}

export type InvoiceRequest = ReturnType<typeof invoiceRequest>;

/** One line as the database reads it (decimal text in Western digits). */
export function lineRequest(line: z.output<typeof invoiceLineSchema>) {
  return {
    description: line.description,
    description_ar: line.description_ar || null,
    quantity: normalizedDecimal(line.quantity, 3),
    rate: normalizedDecimal(line.rate, 2),
    vat_category: line.vat_category,
    ...(line.vat_category === 'E' ? { vat_exemption_code: RESIDENTIAL_RENT_EXEMPTION } : {}),
  };
}

/** "١٬٢٥٠٫٥" → "1250.5": the typed decimal in the form the database parses. */
export function normalizedDecimal(value: string, scale: number): string {
  const scaled = parseScaled(value, scale);
  if (scaled === null) return value;
  const digits = scaled.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export function emptyInvoiceLine(): z.input<typeof invoiceLineSchema> {
  return { description: '', description_ar: '', quantity: '1', rate: '', vat_category: 'S' };
}

export function emptyInvoice(today: string, overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    invoice_kind: 'simplified',
    client_id: '',
    booking_id: '',
    currency: 'SAR',
    exchange_rate: '',
    issue_date: today,
    due_date: today,
    notes: '',
    buyer_name: '',
    buyer_vat_number: '',
    buyer_id_scheme: '',
    buyer_id: '',
    buyer_address: {
      street: '',
      building_number: '',
      additional_number: '',
      district: '',
      city: '',
      postal_code: '',
      country: 'SA',
    },
    lines: [emptyInvoiceLine()],
    ...overrides,
  };
}

/** "Create from a booking" needs a booking (SPEC §5: "Please select a booking to create an invoice"). */
export const invoiceFromBookingSchema = z.object({
  booking_id: z.string().min(1, { error: INVOICE_MESSAGES.bookingRequired }),
  due_date: z.union([z.iso.date({ error: MESSAGES.date }), z.literal('')]),
});
export type InvoiceFromBookingInput = z.input<typeof invoiceFromBookingSchema>;

/** A reason for cancelling, refunding, a debit note or deleting a payment: 1–500 characters. */
export const reasonSchema = text(500).pipe(z.string().min(1, { error: INVOICE_MESSAGES.reason }));

/**
 * A payment on an issued invoice (record_payment): amount above 0 and at most the balance (the
 * database refuses more with payment_exceeds_balance), the day received not after today.
 */
export function paymentSchema(balanceHalalas: bigint, today: string) {
  return z
    .object({
      method: z.enum(PAYMENT_METHODS),
      amount: z.string(),
      paid_on: z.iso.date({ error: MESSAGES.date }),
      reference: text(100),
      notes: text(1000),
    })
    .superRefine((payment, context) => {
      const amount = parseScaled(payment.amount, 2);
      if (amount === null || amount <= 0n)
        context.addIssue({ code: 'custom', path: ['amount'], message: 'invoices:payment.amount_invalid' });
      else if (amount > balanceHalalas)
        context.addIssue({ code: 'custom', path: ['amount'], message: 'invoices:payment.exceeds' });
      if (payment.paid_on > today)
        context.addIssue({ code: 'custom', path: ['paid_on'], message: 'invoices:payment.future' });
    });
}
export type PaymentInput = z.input<ReturnType<typeof paymentSchema>>;
export type PaymentValues = z.output<ReturnType<typeof paymentSchema>>;
