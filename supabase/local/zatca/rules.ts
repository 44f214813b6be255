/**
 * What the sandbox checks on a submitted invoice (POST /compliance/invoices, reporting, clearance):
 * the request body against the XML (hash, UUID), the signature and QR with the independent verifier,
 * the certificate against the authenticated CSID, a subset of the KSA business rules and the totals.
 * Codes and texts follow ZATCA's responses where they are publicly documented (docs/zatca.md);
 * the sandbox's own extra checks say "sandbox" in their code.
 */
import type { X509Certificate } from 'node:crypto';
import { checkAmounts } from './amounts';
import { error, info, type ValidationMessage, warning } from './messages';
import { computeInvoiceHash, type VerifyResult, verifyInvoice } from './verify';
import { child, type InvoiceFacts, invoiceFacts, NS, parseInvoiceXml, text } from './xml';

export interface SubmissionContext {
  /** The invoice XML, decoded from the body's Base64. */
  xml: string;
  bodyHash: unknown;
  bodyUuid: unknown;
  /** The CSID that authenticated the request and the VAT number it was issued for. */
  csidCertificate: X509Certificate;
  csidVatNumber: string;
  /** The sandbox CA, which issues every CSID. */
  ca: X509Certificate;
  /** Today in Riyadh (YYYY-MM-DD), for BR-KSA-04. */
  today: string;
  /** The last document this EGS unit got accepted, for the sandbox's chain warnings. */
  previous?: { icv: number; hash: string };
}

export interface SubmissionCheck {
  messages: ValidationMessage[];
  facts?: InvoiceFacts;
  invoiceHash?: string;
  verification?: VerifyResult;
}

const XSD_VALID = info(
  'XSD_ZATCA_VALID',
  'XSD validation',
  'Complied with UBL 2.1 standards in line with ZATCA specifications',
);
const xsdInvalid = (detail: string) =>
  error(
    'XSD_ZATCA_INVALID',
    'XSD validation',
    `Schema validation failed; XML does not comply with UBL 2.1 standards in line with ZATCA specifications. ${detail}`,
  );

const SIGNATURE_CODES: Record<string, [string, string, string]> = {
  'invoice-hash': [
    'invalid-signed-info-hash',
    'SIGNATURE_ERRORS',
    'The invoice hash in the signature (DigestValue) does not match the (calculated) Hash of the XML',
  ],
  signature: [
    'invalid-signature',
    'SIGNATURE_ERRORS',
    'The signature value does not verify with the certificate in the invoice',
  ],
  'certificate-digest': [
    'certificate-hashing',
    'SIGNATURE_ERRORS',
    'The certificate digest in the signed properties does not match the certificate',
  ],
  'issuer-serial': [
    'signed-properties-issuer-serial',
    'SIGNATURE_ERRORS',
    'The issuer name or serial number in the signed properties does not match the certificate',
  ],
  'signed-properties': ['signed-properties-hashing', 'SIGNATURE_ERRORS', 'Invalid signed properties hashing'],
};

export function checkSubmission(ctx: SubmissionContext): SubmissionCheck {
  const messages: ValidationMessage[] = [];
  let facts: InvoiceFacts;
  let doc;
  try {
    doc = parseInvoiceXml(ctx.xml);
    facts = invoiceFacts(doc);
  } catch (problem) {
    return { messages: [xsdInvalid((problem as Error).message)] };
  }
  messages.push(XSD_VALID);
  const root = doc.documentElement!;
  const invoiceHash = computeInvoiceHash(ctx.xml);

  if (ctx.bodyHash !== invoiceHash) {
    messages.push(
      error(
        'invalid-invoice-hash',
        'INVOICE_HASHING_ERRORS',
        'The invoice hash API body does not match the (calculated) Hash of the XML',
      ),
    );
  }
  if (ctx.bodyUuid !== facts.uuid) {
    messages.push(
      error(
        'invalid-uuid',
        'UUID_VALIDATION',
        'The UUID in the API body does not match the UUID of the invoice (cbc:UUID)',
      ),
    );
  }

  const verification = verifyInvoice(ctx.xml);
  const signed = verification.checks.some((c) => c.id === 'invoice-hash');
  if (!signed) {
    const missing = 'The invoice is not signed: ext:UBLExtensions with the cryptographic stamp is missing (BR-KSA-60)';
    messages.push(facts.simplified ? error('BR-KSA-60', 'KSA', missing) : warning('BR-KSA-60', 'KSA', missing));
  }
  for (const check of verification.checks) {
    const code = SIGNATURE_CODES[check.id];
    if (!check.ok && code) messages.push(error(code[0], code[1], `${code[2]}: ${check.message}`));
  }
  for (const problem of verification.qrProblems ?? []) {
    messages.push(
      problem.tag === 3
        ? warning(
            'invoiceTimeStamp_QRCODE_INVALID',
            'QRCODE_VALIDATION',
            'Time on QR Code does not match with Invoice Issue Time (KSA-25)',
          )
        : error('QRCODE_INVALID', 'QRCODE_VALIDATION', `QR code is not valid: ${problem.message}`),
    );
  }

  if (facts.sellerVat !== ctx.csidVatNumber) {
    messages.push(
      error(
        'certificate-permissions',
        'CERTIFICATE_ERRORS',
        'User only allowed to use the vat number that exists in the authentication certificate',
      ),
    );
  }
  const signer = verification.certificate;
  if (signer && (signer.fingerprint256 !== ctx.csidCertificate.fingerprint256 || !signer.verify(ctx.ca.publicKey))) {
    const text =
      'X509Certificate (CCSID / PCSID) used for signing is not valid certificate (CCSID / PCSID) for this VAT Registration Number.';
    messages.push(warning('invalid-signing-certificate', 'CERTIFICATE_ERRORS', text));
  }

  messages.push(...headerRules(facts, root, ctx.today), ...checkAmounts(doc));

  const icv = Number(facts.icv);
  if (ctx.previous && /^\d+$/.test(facts.icv)) {
    if (facts.pih !== ctx.previous.hash) {
      messages.push(
        warning(
          'sandbox-pih-chain',
          'KSA',
          `PIH is not the hash of the last document this EGS unit submitted (${ctx.previous.hash})`,
        ),
      );
    }
    if (icv <= ctx.previous.icv) {
      messages.push(
        warning('sandbox-icv-order', 'KSA', `ICV ${icv} does not follow the last submitted ICV ${ctx.previous.icv}`),
      );
    }
  }
  return { messages, facts, invoiceHash, verification };
}

function headerRules(
  facts: InvoiceFacts,
  root: Parameters<typeof child>[0] & object,
  today: string,
): ValidationMessage[] {
  const out: ValidationMessage[] = [];
  const ksa = (code: string, message: string) => out.push(error(code, 'KSA', message));
  const cbc = (name: string) => text(child(root, NS.cbc, name));
  if (cbc('ProfileID') !== 'reporting:1.0')
    out.push(error('BR-KSA-EN16931-01', 'EN_16931', 'Business process (ProfileID) must be "reporting:1.0"'));
  if (!['388', '381', '383', '386'].includes(facts.typeCode))
    ksa('BR-KSA-05', `Invoice type code ${facts.typeCode} is not 388, 381, 383 or 386`);
  if (!/^0[12][01]{5}$/.test(facts.typeName))
    ksa('BR-KSA-06', `Invoice transaction code "${facts.typeName}" does not follow NNPNESB`);
  else if (facts.simplified && (facts.typeName[4] === '1' || facts.typeName[6] === '1')) {
    ksa('BR-KSA-31', 'A simplified invoice cannot be an export or self-billed invoice');
  }
  if (!/^[A-Za-z0-9-]+$/.test(facts.uuid)) ksa('BR-KSA-03', 'cbc:UUID must contain only letters, digits and dashes');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(facts.issueDate) || facts.issueDate > today)
    ksa('BR-KSA-04', `Issue date ${facts.issueDate} is in the future or malformed`);
  if (!/^\d{2}:\d{2}:\d{2}Z?$/.test(facts.issueTime))
    ksa('BR-KSA-70', `Issue time "${facts.issueTime}" is not hh:mm:ss`);
  if (!cbc('TaxCurrencyCode')) ksa('BR-KSA-68', 'Tax currency code (TaxCurrencyCode) is missing');
  if (!/^\d+$/.test(facts.icv)) ksa('BR-KSA-33', `Invoice counter value (ICV) "${facts.icv}" must be digits only`);
  if (!facts.pih || !/^[A-Za-z0-9+/]+={0,2}$/.test(facts.pih))
    ksa('BR-KSA-61', 'Previous invoice hash (PIH) is missing or not Base64');
  if (!/^3\d{13}3$/.test(facts.sellerVat))
    ksa('BR-KSA-40', `Seller VAT number "${facts.sellerVat}" must be 15 digits, starting and ending with 3`);

  const party = child(child(root, NS.cac, 'AccountingSupplierParty'), NS.cac, 'Party');
  const address = child(party, NS.cac, 'PostalAddress');
  const field = (name: string) => text(child(address, NS.cbc, name)).trim();
  if (!/^\d{4}$/.test(field('BuildingNumber')))
    out.push(warning('BR-KSA-37', 'KSA', 'The seller address building number must contain 4 digits'));
  if (!/^\d{5}$/.test(field('PostalZone'))) ksa('BR-KSA-66', 'The seller address postal code must be 5 digits');
  if (!field('StreetName') || !field('CitySubdivisionName') || !field('CityName')) {
    out.push(
      warning(
        'BR-KSA-09',
        'KSA',
        'Seller address must contain street name, building number, postal code, city, district and country code',
      ),
    );
  }

  if (!facts.simplified) {
    const buyer = child(child(root, NS.cac, 'AccountingCustomerParty'), NS.cac, 'Party');
    if (!text(child(child(buyer, NS.cac, 'PartyLegalEntity'), NS.cbc, 'RegistrationName')).trim())
      ksa('BR-KSA-42', 'A standard invoice must contain the buyer name');
    if (facts.typeCode === '388' && !text(child(child(root, NS.cac, 'Delivery'), NS.cbc, 'ActualDeliveryDate'))) {
      ksa('BR-KSA-15', 'A standard tax invoice must contain the supply date (ActualDeliveryDate)');
    }
  }
  if (facts.typeCode === '381' || facts.typeCode === '383') {
    if (
      !text(
        child(child(child(root, NS.cac, 'BillingReference'), NS.cac, 'InvoiceDocumentReference'), NS.cbc, 'ID'),
      ).trim()
    ) {
      ksa('BR-KSA-56', 'A credit or debit note must reference the original invoice (BillingReference)');
    }
    if (!text(child(child(root, NS.cac, 'PaymentMeans'), NS.cbc, 'InstructionNote')).trim()) {
      ksa('BR-KSA-17', 'A credit or debit note must give the reason for issuance (InstructionNote)');
    }
  }
  return out;
}
