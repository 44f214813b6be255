// An issued document as the database holds it (the invoice with its seller snapshot and buyer, its
// lines, the number of the invoice a note corrects, the stay's dates) → the UBL builder's input.
// Everything read here is frozen at issue, so the same document with the same ICV and PIH always
// gives the same invoice hash (a lost upload can be rebuilt: docs/zatca.md).
import {
  buildInvoice,
  type BuiltInvoice,
  EXEMPTION_REASONS,
  type InvoiceInput,
  toHalalas,
} from '../_shared/zatca/mod.ts';
import type { SupabaseClient } from './clients.ts';

/** A document that cannot become a valid e-invoice as it is (kept as a failed submission). */
export class DocumentError extends Error {}

export interface StoredDocument {
  id: string;
  organization_id: string;
  invoice_number: string;
  invoice_kind: 'simplified' | 'standard';
  invoice_type_code: '388' | '381' | '383';
  status: string;
  currency: string | null;
  issue_date: string;
  issue_time: string | null;
  issued_at: string | null;
  vat_rate: number;
  total_amount: number;
  vat_amount: number;
  reason: string | null;
  seller_name: string | null;
  seller_vat_number: string | null;
  seller_commercial_registration: string | null;
  seller_national_address: Record<string, string | null> | null;
  buyer_name: string | null;
  buyer_vat_number: string | null;
  buyer_id_scheme: string | null;
  buyer_id: string | null;
  buyer_address: Record<string, string | null> | null;
  original_invoice_id: string | null;
  booking_id: string | null;
  zatca_uuid: string;
  zatca_invoice_counter: number | null;
  zatca_previous_invoice_hash: string | null;
  zatca_invoice_hash: string | null;
  lines: Array<{
    description: string;
    description_ar: string | null;
    quantity: number | string;
    rate: number | string;
    position: number;
    vat_category: 'S' | 'Z' | 'E' | 'O';
    vat_exemption_code: string | null;
    vat_exemption_reason: string | null;
  }>;
  /** The corrected invoice's number (notes). */
  billing_reference: string | null;
  /** The stay (invoices from a booking). */
  stay: { check_in: string; check_out: string } | null;
}

const INVOICE_COLUMNS = [
  'id',
  'organization_id',
  'invoice_number',
  'invoice_kind',
  'invoice_type_code',
  'status',
  'currency',
  'issue_date',
  'issue_time',
  'issued_at',
  'vat_rate',
  'total_amount',
  'vat_amount',
  'reason',
  'seller_name',
  'seller_vat_number',
  'seller_commercial_registration',
  'seller_national_address',
  'buyer_name',
  'buyer_vat_number',
  'buyer_id_scheme',
  'buyer_id',
  'buyer_address',
  'original_invoice_id',
  'booking_id',
  'zatca_uuid',
  'zatca_invoice_counter',
  'zatca_previous_invoice_hash',
  'zatca_invoice_hash',
].join(', ');

/** Reads the document and what its XML needs, as the service role. */
export async function loadDocument(db: SupabaseClient, invoiceId: string): Promise<StoredDocument> {
  const invoice = await db.from('invoices').select(INVOICE_COLUMNS).eq('id', invoiceId).maybeSingle();
  if (invoice.error) throw new Error(`invoices: ${invoice.error.message}`);
  if (!invoice.data) throw new DocumentError('The invoice no longer exists');
  const row = invoice.data as unknown as Omit<StoredDocument, 'lines' | 'billing_reference' | 'stay'>;
  const lines = await db
    .from('invoice_items')
    .select(
      'description, description_ar, quantity, rate, position, vat_category, vat_exemption_code, vat_exemption_reason',
    )
    .eq('invoice_id', invoiceId)
    .order('position')
    .order('created_at');
  if (lines.error) throw new Error(`invoice_items: ${lines.error.message}`);
  let billingReference: string | null = null;
  if (row.original_invoice_id) {
    const original = await db.from('invoices').select('invoice_number').eq('id', row.original_invoice_id).maybeSingle();
    if (original.error) throw new Error(`invoices: ${original.error.message}`);
    billingReference = (original.data?.invoice_number as string | undefined) ?? null;
  }
  let stay: StoredDocument['stay'] = null;
  if (row.booking_id) {
    const booking = await db.from('bookings').select('check_in, check_out').eq('id', row.booking_id).maybeSingle();
    if (booking.error) throw new Error(`bookings: ${booking.error.message}`);
    stay = (booking.data as StoredDocument['stay']) ?? null;
  }
  return { ...row, lines: (lines.data ?? []) as StoredDocument['lines'], billing_reference: billingReference, stay };
}

const DOCUMENT_TYPES = { '388': 'invoice', '381': 'credit_note', '383': 'debit_note' } as const;

function address(a: Record<string, string | null> | null | undefined) {
  if (!a) return undefined;
  const value = (key: string) => (typeof a[key] === 'string' && a[key]!.trim() ? a[key]!.trim() : undefined);
  return {
    street: value('street')!,
    buildingNumber: value('building_number')!,
    additionalNumber: value('additional_number'),
    district: value('district'),
    city: value('city')!,
    postalCode: value('postal_code')!,
    countryCode: (value('country') ?? 'SA').toUpperCase(),
  };
}

/** The buyer's address only when it is complete enough for the XML (a simplified invoice's may be partial). */
function completeAddress(a: Record<string, string | null> | null | undefined) {
  const mapped = address(a);
  if (!mapped || !mapped.street || !mapped.buildingNumber || !mapped.city || !mapped.postalCode) return undefined;
  if (mapped.countryCode === 'SA' && (!/^\d{4}$/.test(mapped.buildingNumber) || !/^\d{5}$/.test(mapped.postalCode))) {
    return undefined;
  }
  if (mapped.countryCode === 'SA' && !mapped.district) return undefined;
  return mapped;
}

function lineVat(line: StoredDocument['lines'][number], vatRate: number): InvoiceInput['lines'][number]['vat'] {
  if (line.vat_category === 'S') {
    const percent = String(Math.round(Number(vatRate) * 100));
    if (percent !== '15' && percent !== '5')
      throw new DocumentError(`A VAT rate of ${percent} % has no ZATCA category`);
    return { category: 'S', rate: percent as '15' | '5' };
  }
  const code = line.vat_exemption_code ?? (line.vat_category === 'E' ? 'VATEX-SA-30' : null);
  if (!code) throw new DocumentError(`A ${line.vat_category} line needs its VATEX exemption code`);
  const reason = line.vat_exemption_reason ?? EXEMPTION_REASONS[code as keyof typeof EXEMPTION_REASONS];
  // deno-lint-ignore no-explicit-any
  return { category: line.vat_category, exemptionCode: code, exemptionReason: reason } as any;
}

/** The builder's input for this document at the given place in the chain. */
export function invoiceInput(doc: StoredDocument, icv: number, previousInvoiceHash: string): InvoiceInput {
  if (doc.currency && doc.currency !== 'SAR') {
    throw new DocumentError(
      `ZATCA e-invoices in ${doc.currency} are not supported yet: only SAR documents can be signed and reported`,
    );
  }
  if (!doc.issue_time) throw new DocumentError('The document has no issue time');
  const documentType = DOCUMENT_TYPES[doc.invoice_type_code];
  const seller = doc.seller_national_address;
  const customerAddress = completeAddress(doc.buyer_address);
  const customer =
    doc.invoice_kind === 'standard' || doc.buyer_name || doc.buyer_vat_number
      ? {
          registrationName: doc.buyer_name?.trim() || undefined,
          vatNumber: doc.buyer_vat_number ?? undefined,
          identification:
            !doc.buyer_vat_number && doc.buyer_id_scheme && doc.buyer_id
              ? { scheme: doc.buyer_id_scheme, value: doc.buyer_id }
              : undefined,
          address: doc.invoice_kind === 'standard' ? address(doc.buyer_address) : customerAddress,
        }
      : undefined;
  return {
    kind: doc.invoice_kind,
    documentType,
    number: doc.invoice_number,
    uuid: doc.zatca_uuid,
    issueDate: doc.issue_date,
    issueTime: doc.issue_time.slice(0, 8),
    icv,
    previousInvoiceHash,
    ...(documentType === 'invoice'
      ? {}
      : { billingReference: doc.billing_reference ?? undefined, reason: doc.reason ?? undefined }),
    // The means of payment is not part of an issued document here (payments come later): ZATCA's
    // "instrument not defined" (BR-KSA-16 allows it), so a rebuilt document hashes the same.
    paymentMeansCode: '1',
    supplier: {
      registrationName: doc.seller_name ?? '',
      vatNumber: doc.seller_vat_number ?? '',
      identification: { scheme: 'CRN', value: doc.seller_commercial_registration ?? '' },
      // deno-lint-ignore no-explicit-any
      address: address(seller) as any,
    },
    // deno-lint-ignore no-explicit-any
    customer: customer as any,
    delivery: doc.stay
      ? { actualDate: doc.stay.check_in, latestDate: doc.stay.check_out }
      : doc.invoice_kind === 'standard' && documentType === 'invoice'
        ? { actualDate: doc.issue_date }
        : undefined,
    lines: doc.lines.map((line) => ({
      name: (line.description_ar?.trim() || line.description).slice(0, 1000),
      quantity: String(line.quantity),
      unitPrice: String(line.rate),
      vat: lineVat(line, doc.vat_rate),
    })),
  };
}

/** Builds the UBL and holds it to the document's own amounts (the database computed them first). */
export function buildDocument(doc: StoredDocument, icv: number, previousInvoiceHash: string): BuiltInvoice {
  let built: BuiltInvoice;
  try {
    built = buildInvoice(invoiceInput(doc, icv, previousInvoiceHash));
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    const issues = (error as { issues?: Array<{ path: unknown[]; message: string }> }).issues;
    const detail = issues
      ? issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      : (error as Error).message;
    throw new DocumentError(`The document cannot be written as a ZATCA e-invoice: ${detail}`);
  }
  const total = toHalalas(String(doc.total_amount));
  const vat = toHalalas(String(doc.vat_amount));
  if (built.totals.taxInclusive !== total || built.totals.tax !== vat) {
    throw new DocumentError(
      `The e-invoice's amounts (total ${built.totals.taxInclusive} halalas, VAT ${built.totals.tax}) differ from the invoice's (${total}, ${vat})`,
    );
  }
  return built;
}
