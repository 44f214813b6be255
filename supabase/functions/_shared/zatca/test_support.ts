// Test helpers: the four public signed fixtures (supabase/tests/fixtures/zatca, see its README) and
// sample invoice inputs.
import type { InvoiceInput } from './invoice-schema.ts';
import { SEED_PREVIOUS_INVOICE_HASH } from './hash.ts';
import { generateKeyPair, secretKeyFromPem } from './keys.ts';
import { issueCertificate } from './x509.ts';

export const FIXTURE_NAMES = [
  'Simplified_Invoice_Signed.xml',
  'Simplified_Debit_Note_Signed.xml',
  'Standard_Invoice_Signed.xml',
  'GeneratorSimplified_Invoice_Signed.xml',
] as const;

export type FixtureName = (typeof FIXTURE_NAMES)[number];

export function readFixture(name: FixtureName): Promise<string> {
  return Deno.readTextFile(new URL(`../../../tests/fixtures/zatca/${name}`, import.meta.url));
}

/** The text of the first element `<prefix:name ...>...</prefix:name>` in a fixture. */
export function elementText(xml: string, qname: string): string {
  const start = xml.indexOf(`<${qname}`);
  const endTag = `</${qname}>`;
  const end = xml.indexOf(endTag, start);
  if (start < 0 || end < 0) throw new Error(`${qname} not found`);
  return xml.slice(start, end + endTag.length);
}

/** The text content of the first `<qname ...>text</qname>`. */
export function textOf(xml: string, qname: string): string {
  const element = elementText(xml, qname);
  return element.slice(element.indexOf('>') + 1, element.length - qname.length - 3);
}

/** A simplified tax invoice for a 3-night stay plus a cleaning fee (15 % VAT). */
export function sampleInvoice(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'simplified',
    documentType: 'invoice',
    number: 'INV-2025-0001',
    uuid: '6f1c4a52-2d0e-4a59-9c43-2a7e8f1d9b10',
    issueDate: '2025-03-01',
    issueTime: '12:00:00',
    icv: 1,
    previousInvoiceHash: SEED_PREVIOUS_INVOICE_HASH,
    supplier: {
      registrationName: 'مؤسسة نزل للشقق المخدومة',
      vatNumber: '399999999900003',
      identification: { scheme: 'CRN', value: '1010010000' },
      address: {
        street: 'King Fahd Road',
        buildingNumber: '2322',
        additionalNumber: '8888',
        district: 'Al Olaya',
        city: 'Riyadh',
        postalCode: '12211',
      },
    },
    delivery: { actualDate: '2025-02-26', latestDate: '2025-03-01' },
    paymentMeansCode: '48',
    lines: [
      {
        name: 'Stay, 3 nights, Apartment 4B',
        quantity: '3',
        unitCode: 'DAY',
        unitPrice: '450',
        vat: { category: 'S' },
      },
      { name: 'Cleaning fee', quantity: 1, unitPrice: '150.00', vat: { category: 'S', rate: '15' } },
    ],
    ...overrides,
  };
}

/** A VAT-registered company buyer (standard invoices). */
export const sampleCompanyCustomer: NonNullable<InvoiceInput['customer']> = {
  registrationName: 'شركة الضيافة المتحدة',
  vatNumber: '399999999800003',
  address: {
    street: 'Salah Al-Din',
    buildingNumber: '1111',
    district: 'Al-Murooj',
    city: 'Riyadh',
    postalCode: '12222',
  },
};

/** A locally generated EGS key with a certificate issued by a locally generated CA. */
export function localCredentials() {
  const ca = generateKeyPair();
  const egs = generateKeyPair();
  const certificate = issueCertificate({
    subject: [
      ['CN', 'TST-886431145-399999999900003'],
      ['O', 'Nuzl test'],
      ['OU', 'Riyadh'],
      ['C', 'SA'],
    ],
    issuer: [['CN', 'Nuzl local test CA']],
    publicKey: egs.publicKey,
    signerSecretKey: secretKeyFromPem(ca.privateKeyPem),
    serialNumber: 4242n,
    notBefore: new Date('2024-01-01T00:00:00Z'),
    notAfter: new Date('2030-01-01T00:00:00Z'),
  });
  return { ca, credentials: { privateKeyPem: egs.privateKeyPem, certificate } };
}
