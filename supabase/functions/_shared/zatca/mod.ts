// ZATCA e-invoicing core for the `zatca` edge function (docs/zatca.md). Pure functions, no I/O.
export { buildInvoice, type BuiltInvoice } from './ubl.ts';
export {
  DOCUMENT_TYPE_CODES,
  EXEMPTION_REASONS,
  type Invoice,
  type InvoiceInput,
  invoiceInputSchema,
  PAYMENT_MEANS_CODES,
  VAT_NUMBER,
} from './invoice-schema.ts';
export { computeTotals, type InvoiceTotals } from './totals.ts';
export { formatHalalas, lineNetHalalas, toHalalas, vatHalalas } from './money.ts';
export { invoiceHash, SEED_PREVIOUS_INVOICE_HASH } from './hash.ts';
export { type SignedInvoice, signInvoice, type SigningCredentials } from './sign.ts';
export { type Check, type Verification, verifySignedInvoice } from './verify.ts';
export { decodeQr, phase1Qr, type Phase1QrFields, phase2Qr, TlvValueTooLongError } from './tlv.ts';
export { buildCsr, CERTIFICATE_TEMPLATES, type Csr, type CsrParams, parseCsr, type ZatcaEnvironment } from './csr.ts';
export { generateKeyPair, type KeyPair } from './keys.ts';
export { parseCertificate, type ParsedCertificate } from './x509.ts';
export { riyadhDateTime } from './xades.ts';
export { invoiceFields } from './invoice-fields.ts';
