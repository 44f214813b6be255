// The typed, validated input of the UBL builder: one object per document (tax invoice 388, credit
// note 381, debit note 383; simplified or standard), with the ZATCA rules that can be checked before
// any XML exists (BR-KSA numbers from the XML Implementation Standard, see docs/zatca.md).
import { z } from './deps.ts';
import { toScaled } from './money.ts';

export const VAT_NUMBER = /^3\d{13}3$/;

export const DOCUMENT_TYPE_CODES = { invoice: '388', credit_note: '381', debit_note: '383' } as const;
export type DocumentType = keyof typeof DOCUMENT_TYPE_CODES;

/** UNTDID 4461 payment means ZATCA accepts (BR-KSA-16): cash, credit, bank account, bank card, not defined. */
export const PAYMENT_MEANS_CODES = ['10', '30', '42', '48', '1'] as const;

/** Exemption and zero-rating codes ([XML] §11.2.4) with the reason text of the code list. */
export const EXEMPTION_REASONS = {
  'VATEX-SA-29': 'Financial services mentioned in Article 29 of the VAT Regulations',
  'VATEX-SA-29-7': 'Life insurance services mentioned in Article 29 of the VAT Regulations',
  'VATEX-SA-30': 'Real estate transactions mentioned in Article 30 of the VAT Regulations',
  'VATEX-SA-32': 'Export of goods',
  'VATEX-SA-33': 'Export of services',
  'VATEX-SA-34-1': 'The international transport of Goods',
  'VATEX-SA-34-2': 'International transport of passengers',
  'VATEX-SA-34-3': 'Services directly connected and incidental to a Supply of international passenger transport',
  'VATEX-SA-34-4': 'Supply of a qualifying means of transport',
  'VATEX-SA-34-5':
    'Any services relating to Goods or passenger transportation, as defined in article twenty five of these Regulations',
  'VATEX-SA-35': 'Medicines and medical equipment',
  'VATEX-SA-36': 'Qualifying metals',
  'VATEX-SA-EDU': 'Private education to citizen',
  'VATEX-SA-HEA': 'Private healthcare to citizen',
  'VATEX-SA-MLTRY': 'Supply of qualified military goods',
  'VATEX-SA-OOS': 'Not subject to VAT',
} as const;
type ExemptionCode = keyof typeof EXEMPTION_REASONS;
const codes = (...list: ExemptionCode[]) => list;
export const CATEGORY_EXEMPTIONS = {
  E: codes('VATEX-SA-29', 'VATEX-SA-29-7', 'VATEX-SA-30'),
  Z: codes(
    'VATEX-SA-32',
    'VATEX-SA-33',
    'VATEX-SA-34-1',
    'VATEX-SA-34-2',
    'VATEX-SA-34-3',
    'VATEX-SA-34-4',
    'VATEX-SA-34-5',
    'VATEX-SA-35',
    'VATEX-SA-36',
    'VATEX-SA-EDU',
    'VATEX-SA-HEA',
    'VATEX-SA-MLTRY',
  ),
  O: codes('VATEX-SA-OOS'),
};

const text = (max: number) => z.string().trim().min(1).max(max);
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'not a calendar date',
  );

/** Decimal text (or a number) with at most `scale` decimals, within (min, max]; kept as text. */
const decimal = (scale: number, { min, max, allowZero }: { min: number; max: number; allowZero: boolean }) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    try {
      const scaled = toScaled(value, scale);
      const unit = 10n ** BigInt(scale);
      if (scaled < BigInt(min) * unit || (!allowZero && scaled === 0n) || scaled > BigInt(max) * unit) {
        ctx.addIssue({
          code: 'custom',
          message: `must be ${allowZero ? 'at least' : 'more than'} ${min} and at most ${max}`,
        });
        return z.NEVER;
      }
      return typeof value === 'number' ? String(value) : value.trim();
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

export const addressSchema = z
  .object({
    street: text(127),
    additionalStreet: text(127).optional(),
    /** 4 digits in Saudi Arabia (BR-KSA-37). */
    buildingNumber: text(16),
    /** Additional number of the national address, 4 digits (BR-KSA-64). */
    additionalNumber: text(16).optional(),
    /** District, required for Saudi addresses (BR-KSA-09). */
    district: text(127).optional(),
    city: text(127),
    /** 5 digits in Saudi Arabia (BR-KSA-66). */
    postalCode: text(16),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('SA'),
  })
  .superRefine((a, ctx) => {
    if (a.countryCode !== 'SA') return;
    if (!/^\d{4}$/.test(a.buildingNumber))
      ctx.addIssue({ code: 'custom', path: ['buildingNumber'], message: '4 digits' });
    if (a.additionalNumber && !/^\d{4}$/.test(a.additionalNumber)) {
      ctx.addIssue({ code: 'custom', path: ['additionalNumber'], message: '4 digits' });
    }
    if (!/^\d{5}$/.test(a.postalCode)) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: '5 digits' });
    if (!a.district) ctx.addIssue({ code: 'custom', path: ['district'], message: 'required for a Saudi address' });
  });

export const supplierSchema = z.object({
  /** Legal name (Arabic): QR tag 1, so at most 127 UTF-8 bytes there. */
  registrationName: text(1000),
  vatNumber: z.string().regex(VAT_NUMBER, '15 digits, first and last 3'),
  /** Seller identification (BR-KSA-08): CRN preferred. */
  identification: z
    .object({ scheme: z.enum(['CRN', 'MOM', 'MLS', 'SAG', 'OTH', '700']), value: text(50) })
    .refine((id) => id.scheme !== 'CRN' || /^\d{10}$/.test(id.value), { message: 'CRN: 10 digits', path: ['value'] }),
  address: addressSchema,
});

export const customerSchema = z.object({
  registrationName: text(1000).optional(),
  vatNumber: z.string().regex(VAT_NUMBER, '15 digits, first and last 3').optional(),
  /** Other buyer ID when not VAT registered (BR-KSA-14). */
  identification: z
    .object({
      scheme: z.enum(['TIN', 'CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH']),
      value: text(50),
    })
    .optional(),
  address: addressSchema.optional(),
});

const vatSchema = z.discriminatedUnion('category', [
  z.object({ category: z.literal('S'), rate: z.enum(['15', '5']).default('15') }),
  z.object({
    category: z.literal('E'),
    exemptionCode: z.enum(CATEGORY_EXEMPTIONS.E),
    exemptionReason: text(1000).optional(),
  }),
  z.object({
    category: z.literal('Z'),
    exemptionCode: z.enum(CATEGORY_EXEMPTIONS.Z),
    exemptionReason: text(1000).optional(),
  }),
  z.object({ category: z.literal('O'), exemptionCode: z.literal('VATEX-SA-OOS'), exemptionReason: text(1000) }),
]);

export const lineSchema = z.object({
  name: text(1000),
  quantity: decimal(6, { min: 0, max: 1_000_000, allowZero: false }),
  /** UN/ECE Recommendation 20 unit code, e.g. PCE (piece) or DAY. */
  unitCode: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .default('PCE'),
  /** Unit price without VAT, SAR. */
  unitPrice: decimal(6, { min: 0, max: 100_000_000, allowZero: true }),
  vat: vatSchema,
});

export const invoiceInputSchema = z
  .object({
    kind: z.enum(['simplified', 'standard']),
    documentType: z.enum(['invoice', 'credit_note', 'debit_note']),
    /** BT-1: the organisation's sequential invoice number. */
    number: text(127),
    /** BR-KSA-03: letters, digits and dashes (a UUID v4 in practice). */
    uuid: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'a UUID'),
    /** Local (Asia/Riyadh) issue date and time; QR tag 3 repeats them. */
    issueDate: date,
    issueTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'HH:mm:ss'),
    /** Invoice counter value of the EGS unit (BR-KSA-33/34). */
    icv: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Previous invoice hash (Base64); SEED_PREVIOUS_INVOICE_HASH for the first document. */
    previousInvoiceHash: z
      .string()
      .regex(/^(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==)$/, 'a Base64 SHA-256 hash (or the seed)'),
    note: z.object({ text: text(1000), language: z.enum(['ar', 'en']).optional() }).optional(),
    /** The corrected invoice's number (credit and debit notes, BR-KSA-56). */
    billingReference: text(127).optional(),
    /** Why the note is issued (credit and debit notes, BR-KSA-17). */
    reason: text(1000).optional(),
    paymentMeansCode: z.enum(PAYMENT_MEANS_CODES).default('10'),
    supplier: supplierSchema,
    customer: customerSchema.optional(),
    /** Supply dates: for a stay, check-in (actual) and check-out (latest). */
    delivery: z.object({ actualDate: date, latestDate: date.optional() }).optional(),
    lines: z.array(lineSchema).min(1).max(1000),
  })
  .superRefine((inv, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (inv.documentType !== 'invoice') {
      if (!inv.billingReference) issue(['billingReference'], 'a credit or debit note names the invoice it corrects');
      if (!inv.reason) issue(['reason'], 'a credit or debit note gives its reason');
    }
    if (inv.kind === 'standard') {
      const c = inv.customer;
      if (!c?.registrationName)
        issue(['customer', 'registrationName'], 'a standard invoice names the buyer (BR-KSA-42)');
      if (!c?.address) issue(['customer', 'address'], 'a standard invoice carries the buyer address (BR-KSA-10)');
      if (!c?.vatNumber && !c?.identification) {
        issue(['customer', 'identification'], 'a buyer without a VAT number needs another identifier (BR-KSA-14)');
      }
      if (inv.documentType === 'invoice' && !inv.delivery)
        issue(['delivery'], 'a standard tax invoice has a supply date (BR-KSA-15)');
    }
    if (inv.delivery?.latestDate && inv.delivery.latestDate < inv.delivery.actualDate) {
      issue(['delivery', 'latestDate'], 'the supply end date is not before its start (BR-KSA-35)');
    }
  });

export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type Invoice = z.output<typeof invoiceInputSchema>;
export type InvoiceLine = Invoice['lines'][number];
export type LineVat = InvoiceLine['vat'];
