import { assert, assertEquals, assertThrows } from './testing.ts';
import { invoiceHash } from './hash.ts';
import { invoiceFields } from './invoice-fields.ts';
import { formatHalalas } from './money.ts';
import { signInvoice } from './sign.ts';
import { localCredentials, sampleCompanyCustomer, sampleInvoice } from './test_support.ts';
import { decodeQr, TlvValueTooLongError } from './tlv.ts';
import { buildInvoice } from './ubl.ts';
import { verifySignedInvoice } from './verify.ts';
import { childElements, NS, parseXml, textOf } from './xml.ts';

const rootChildren = (xml: string) => childElements(parseXml(xml).documentElement!).map((e) => e.tagName);
const text = (xml: string, ...names: string[]) => {
  let node = parseXml(xml).documentElement!;
  for (const name of names) node = childElements(node).find((e) => e.tagName === name)!;
  return textOf(node);
};

Deno.test('simplified invoice: UBL element order, type 388/0200000, stay dates, totals in SAR', () => {
  const { xml, totals, typeName } = buildInvoice(sampleInvoice());
  assertEquals(typeName, '0200000');
  assertEquals(rootChildren(xml), [
    'cbc:ProfileID',
    'cbc:ID',
    'cbc:UUID',
    'cbc:IssueDate',
    'cbc:IssueTime',
    'cbc:InvoiceTypeCode',
    'cbc:DocumentCurrencyCode',
    'cbc:TaxCurrencyCode',
    'cac:AdditionalDocumentReference',
    'cac:AdditionalDocumentReference',
    'cac:Signature',
    'cac:AccountingSupplierParty',
    'cac:Delivery',
    'cac:PaymentMeans',
    'cac:TaxTotal',
    'cac:TaxTotal',
    'cac:LegalMonetaryTotal',
    'cac:InvoiceLine',
    'cac:InvoiceLine',
  ]);
  assert(
    xml.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
    ),
  );
  assert(xml.includes('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>'));
  assert(
    xml.includes(
      '<cbc:ActualDeliveryDate>2025-02-26</cbc:ActualDeliveryDate>\n        <cbc:LatestDeliveryDate>2025-03-01</cbc:LatestDeliveryDate>',
    ),
  );
  assert(
    xml.includes('<cbc:PostalZone>12211</cbc:PostalZone>') &&
      xml.includes('<cbc:PlotIdentification>8888</cbc:PlotIdentification>'),
  );
  assert(xml.includes('<cbc:InvoicedQuantity unitCode="DAY">3</cbc:InvoicedQuantity>'));
  assert(xml.includes('<cbc:PriceAmount currencyID="SAR">450.00</cbc:PriceAmount>'));
  assertEquals(formatHalalas(totals.taxExclusive), '1500.00');
  assertEquals(formatHalalas(totals.tax), '225.00');
  assertEquals(text(xml, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount'), '1725.00');
  assertEquals(text(xml, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount'), '1725.00');
  assertEquals(text(xml, 'cac:TaxTotal', 'cbc:TaxAmount'), '225.00');
  assert(xml.includes('<cbc:ID schemeID="CRN">1010010000</cbc:ID>'));
});

Deno.test('document VAT is computed per category on the total, not as the sum of rounded line VATs', () => {
  const { totals, xml } = buildInvoice(
    sampleInvoice({
      lines: [
        { name: 'Water', quantity: 1, unitPrice: '0.03', vat: { category: 'S' } },
        { name: 'Water', quantity: 1, unitPrice: '0.03', vat: { category: 'S' } },
      ],
    }),
  );
  assertEquals(
    totals.lines.map((l) => formatHalalas(l.vat)),
    ['0.00', '0.00'],
  ); // 0.0045 each
  assertEquals(formatHalalas(totals.tax), '0.01'); // 0.06 × 15 % = 0.009
  assertEquals(text(xml, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount'), '0.07');
});

Deno.test('exempt residential rent (E, VATEX-SA-30), zero-rated and out-of-scope lines get their own subtotals', () => {
  const { xml, totals } = buildInvoice(
    sampleInvoice({
      lines: [
        {
          name: 'Monthly rent, residential',
          quantity: 1,
          unitPrice: '3000',
          vat: { category: 'E', exemptionCode: 'VATEX-SA-30' },
        },
        { name: 'Commercial rent', quantity: 1, unitPrice: '3333.33', vat: { category: 'S' } },
        { name: 'Export service', quantity: 1, unitPrice: '10', vat: { category: 'Z', exemptionCode: 'VATEX-SA-33' } },
        {
          name: 'Deposit',
          quantity: 1,
          unitPrice: '500',
          vat: { category: 'O', exemptionCode: 'VATEX-SA-OOS', exemptionReason: 'Refundable security deposit' },
        },
      ],
    }),
  );
  assertEquals(
    totals.categories.map((c) => [
      c.category,
      c.rate,
      formatHalalas(c.taxable),
      formatHalalas(c.tax),
      c.exemptionCode ?? '',
    ]),
    [
      ['E', '0', '3000.00', '0.00', 'VATEX-SA-30'],
      ['S', '15', '3333.33', '500.00', ''],
      ['Z', '0', '10.00', '0.00', 'VATEX-SA-33'],
      ['O', '0', '500.00', '0.00', 'VATEX-SA-OOS'],
    ],
  );
  assert(
    xml.includes(
      '<cbc:TaxExemptionReasonCode>VATEX-SA-30</cbc:TaxExemptionReasonCode>\n                <cbc:TaxExemptionReason>Real estate transactions mentioned in Article 30 of the VAT Regulations</cbc:TaxExemptionReason>',
    ),
  );
  assert(
    xml.includes(
      '<cbc:ID schemeID="UN/ECE 5305" schemeAgencyID="6">E</cbc:ID>\n                <cbc:Percent>0.00</cbc:Percent>',
    ),
  );
  assertEquals(text(xml, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount'), '7343.33');
});

Deno.test('standard invoice (0100000) carries the buyer; it needs name, address, an ID and a supply date', () => {
  const { xml } = buildInvoice(sampleInvoice({ kind: 'standard', customer: sampleCompanyCustomer }));
  assert(xml.includes('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>'));
  assert(rootChildren(xml).includes('cac:AccountingCustomerParty'));
  assert(xml.includes('<cbc:CompanyID>399999999800003</cbc:CompanyID>'));
  const error = assertThrows(() => buildInvoice(sampleInvoice({ kind: 'standard', delivery: undefined })));
  for (const path of ['customer.registrationName', 'customer.address', 'customer.identification', 'delivery']) {
    assert(
      error.message.includes(`"${path.split('.').join('",\n      "')}"`),
      `missing issue at ${path}: ${error.message}`,
    );
  }
  // A buyer without VAT number identifies itself otherwise (BR-KSA-14).
  buildInvoice(
    sampleInvoice({
      kind: 'standard',
      customer: {
        ...sampleCompanyCustomer,
        vatNumber: undefined,
        identification: { scheme: 'CRN', value: '1010101010' },
      },
    }),
  );
});

Deno.test('credit note 381 and debit note 383 reference the invoice and give the reason', () => {
  const credit = buildInvoice(
    sampleInvoice({
      documentType: 'credit_note',
      billingReference: 'INV-2025-0001',
      reason: 'Early check-out: one night refunded',
    }),
  );
  assert(credit.xml.includes('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>'));
  assert(
    credit.xml.includes(
      '<cac:BillingReference>\n        <cac:InvoiceDocumentReference>\n            <cbc:ID>INV-2025-0001</cbc:ID>',
    ),
  );
  assert(credit.xml.includes('<cbc:InstructionNote>Early check-out: one night refunded</cbc:InstructionNote>'));
  assertEquals(
    rootChildren(credit.xml).indexOf('cac:BillingReference'),
    rootChildren(credit.xml).indexOf('cbc:TaxCurrencyCode') + 1,
  );
  const debit = buildInvoice(
    sampleInvoice({
      kind: 'standard',
      customer: sampleCompanyCustomer,
      documentType: 'debit_note',
      billingReference: 'INV-1',
      reason: 'Late check-out fee',
      delivery: undefined,
    }),
  );
  assert(debit.xml.includes('<cbc:InvoiceTypeCode name="0100000">383</cbc:InvoiceTypeCode>'));
  const error = assertThrows(() => buildInvoice(sampleInvoice({ documentType: 'credit_note' })));
  assert(error.message.includes('names the invoice it corrects') && error.message.includes('gives its reason'));
});

Deno.test('bad input is refused with the field named', () => {
  const bad = (overrides: Parameters<typeof sampleInvoice>[0], includes: string) => {
    const error = assertThrows(() => buildInvoice(sampleInvoice(overrides)));
    assert(error.message.includes(includes), `expected "${includes}" in ${error.message}`);
  };
  const supplier = sampleInvoice().supplier;
  const line = sampleInvoice().lines[0];
  bad({ supplier: { ...supplier, vatNumber: '300000000000004' } }, '15 digits, first and last 3');
  bad({ supplier: { ...supplier, identification: { scheme: 'CRN', value: '123' } } }, 'CRN: 10 digits');
  bad({ supplier: { ...supplier, address: { ...supplier.address, postalCode: '1221' } } }, '5 digits');
  bad({ supplier: { ...supplier, address: { ...supplier.address, buildingNumber: '12' } } }, '4 digits');
  bad(
    { supplier: { ...supplier, address: { ...supplier.address, district: undefined } } },
    'required for a Saudi address',
  );
  bad({ lines: [] }, 'lines');
  bad({ lines: [{ ...line, quantity: '-1' }] }, 'more than 0');
  bad({ lines: [{ ...line, quantity: '0' }] }, 'more than 0');
  bad({ lines: [{ ...line, unitPrice: '1e9' }] }, 'Not a decimal number');
  bad({ lines: [{ ...line, unitPrice: '100000000.01' }] }, 'at most 100000000');
  bad({ lines: [{ ...line, quantity: '1.0000001' }] }, 'more than 6 decimal places');
  bad({ lines: [{ ...line, vat: { category: 'E', exemptionCode: 'VATEX-SA-OOS' } as never }] }, 'exemptionCode');
  bad({ lines: [{ ...line, vat: { category: 'S', rate: '16' } as never }] }, 'rate');
  bad({ uuid: 'not-a-uuid' }, 'a UUID');
  bad({ issueDate: '2025-02-30' }, 'not a calendar date');
  bad({ issueTime: '24:00:00' }, 'HH:mm:ss');
  bad({ icv: 0 }, 'icv');
  bad({ previousInvoiceHash: 'abc' }, 'Base64 SHA-256 hash');
  bad({ delivery: { actualDate: '2025-03-02', latestDate: '2025-03-01' } }, 'not before its start');
});

Deno.test('text is escaped; Arabic stays UTF-8', () => {
  const { xml } = buildInvoice(sampleInvoice({ note: { text: 'Tom & Jerry <VIP> "late"', language: 'en' } }));
  assert(xml.includes('<cbc:Note languageID="en">Tom &amp; Jerry &lt;VIP&gt; "late"</cbc:Note>'));
  assert(xml.includes('<cbc:RegistrationName>مؤسسة نزل للشقق المخدومة</cbc:RegistrationName>'));
  assertEquals(invoiceFields(parseXml(xml)).sellerName, 'مؤسسة نزل للشقق المخدومة');
});

Deno.test('a fresh invoice signed with a local key verifies end to end and chains to the next one', () => {
  const { ca, credentials } = localCredentials();
  const first = signInvoice(buildInvoice(sampleInvoice()).xml, credentials, {
    signingTime: new Date('2025-03-01T09:00:05Z'),
  });
  assertEquals(
    verifySignedInvoice(first.xml, { caPublicKey: ca.publicKey }).checks.filter((c) => !c.ok),
    [],
  );
  assertEquals(invoiceHash(first.xml), first.invoiceHash);
  const tags = decodeQr(first.qr);
  assertEquals(
    [tags.get(1), tags.get(2), tags.get(3), tags.get(4), tags.get(5)],
    ['مؤسسة نزل للشقق المخدومة', '399999999900003', '2025-03-01T12:00:00', '1725.00', '225.00'],
  );
  assert(tags.has(9));
  assert(first.xml.includes(`<xades:SigningTime>2025-03-01T12:00:05</xades:SigningTime>`));

  const second = signInvoice(
    buildInvoice(
      sampleInvoice({
        number: 'INV-2025-0002',
        uuid: '0d5e1c3a-8b1f-4c2e-9a7d-3f6b2e1c4d5a',
        icv: 2,
        previousInvoiceHash: first.invoiceHash,
      }),
    ).xml,
    credentials,
  );
  assertEquals(invoiceFields(parseXml(second.xml)).pih, first.invoiceHash);
  assert(verifySignedInvoice(second.xml).valid);

  const standard = signInvoice(
    buildInvoice(sampleInvoice({ kind: 'standard', customer: sampleCompanyCustomer })).xml,
    credentials,
  );
  assert(verifySignedInvoice(standard.xml).valid);
  assertEquals(decodeQr(standard.qr).has(9), false);
  assertEquals(childElements(parseXml(standard.xml).documentElement!, NS.cac, 'AdditionalDocumentReference').length, 3);
});

Deno.test('a seller name over 127 UTF-8 bytes cannot go into the QR: signing refuses it clearly', () => {
  const { credentials } = localCredentials();
  const long = sampleInvoice();
  long.supplier = { ...long.supplier, registrationName: 'شركة '.repeat(16) };
  assertThrows(() => signInvoice(buildInvoice(long).xml, credentials), TlvValueTooLongError, 'QR tag 1 (seller name)');
});
