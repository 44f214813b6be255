import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAmounts, fixed } from './amounts';
import { createSandboxCa } from './ca';
import { checkSubmission } from './rules';
import { FIXTURES, fixture, textOf } from './test-support';
import { computeInvoiceHash } from './verify';
import { parseInvoiceXml } from './xml';

const ca = createSandboxCa();

const context = (xml: string) => ({
  xml,
  bodyHash: computeInvoiceHash(xml),
  bodyUuid: textOf(xml, 'cbc:UUID'),
  csidCertificate: new X509Certificate(Buffer.from(textOf(xml, 'ds:X509Certificate'), 'base64')),
  csidVatNumber: '399999999900003',
  ca: ca.certificate,
  today: '2025-01-01',
});

function check(xml: string, overrides: Partial<Parameters<typeof checkSubmission>[0]> = {}) {
  const result = checkSubmission({ ...context(xml), ...overrides });
  const by = (type: string) => result.messages.filter((m) => m.type === type).map((m) => m.code);
  return { errors: by('ERROR'), warnings: by('WARNING'), result };
}

describe('sandbox business rules', () => {
  it.each(FIXTURES)('%s: no errors; only the warning that its certificate is not a sandbox CSID', (name) => {
    const { errors, warnings } = check(fixture(name));
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['invalid-signing-certificate']);
  });

  const xml = fixture('Simplified_Invoice_Signed.xml');

  it('header rules name their BR-KSA code', () => {
    const errors = (from: string, to: string) => check(xml.replace(from, to)).errors;
    expect(errors('>388</cbc:InvoiceTypeCode>', '>380</cbc:InvoiceTypeCode>')).toContain('BR-KSA-05');
    expect(errors('name="0200000"', 'name="0200100"')).toContain('BR-KSA-31');
    expect(errors('name="0200000"', 'name="02000"')).toContain('BR-KSA-06');
    expect(errors('<cbc:UUID>10</cbc:UUID>', '<cbc:UUID>1O</cbc:UUID>')).toContain('BR-KSA-33');
    expect(errors('<cbc:PostalZone>23333</cbc:PostalZone>', '<cbc:PostalZone>2333</cbc:PostalZone>')).toContain(
      'BR-KSA-66',
    );
    expect(check(xml, { today: '2024-09-06' }).errors).toContain('BR-KSA-04');
    expect(check(xml.replace('<cbc:BuildingNumber>2322<', '<cbc:BuildingNumber>23<')).warnings).toContain('BR-KSA-37');
    expect(check(xml, { csidVatNumber: '311111111100003' }).errors).toEqual(['certificate-permissions']);
    const note = fixture('Simplified_Debit_Note_Signed.xml').replace(
      /<cbc:InstructionNote>[^<]+<\/cbc:InstructionNote>/,
      '',
    );
    expect(check(note).errors).toEqual(expect.arrayContaining(['BR-KSA-17']));
  });

  it('a malformed document is one XSD_ZATCA_INVALID error', () => {
    expect(check(xml).result.messages[0].code).toBe('XSD_ZATCA_VALID');
    const broken = checkSubmission({ ...context(xml), xml: '<Invoice' });
    expect(broken.messages.map((m) => m.code)).toEqual(['XSD_ZATCA_INVALID']);
  });

  it('amounts: exact decimals; the fixtures add up; a changed total is named', () => {
    expect(fixed('12.30', 2)).toBe(1230n);
    expect(fixed('1.005', 2)).toBeNull();
    expect(fixed('1e3', 2)).toBeNull();
    for (const name of FIXTURES) expect(checkAmounts(parseInvoiceXml(fixture(name)))).toEqual([]);
    const changed = xml.replace(
      '<cbc:TaxInclusiveAmount currencyID="SAR">231.15<',
      '<cbc:TaxInclusiveAmount currencyID="SAR">231.10<',
    );
    expect(checkAmounts(parseInvoiceXml(changed)).map((m) => [m.code, m.message])).toEqual([
      ['BR-CO-15', 'TaxInclusiveAmount 231.10 is not TaxExclusiveAmount + VAT = 231.15'],
      ['BR-CO-16', 'PayableAmount 231.15 is not TaxInclusiveAmount − PrepaidAmount = 231.10'],
    ]);
  });
});
