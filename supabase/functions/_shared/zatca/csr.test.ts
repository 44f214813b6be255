import { assert, assertEquals, assertThrows } from './testing.ts';
import { fromBase64, fromUtf8 } from './bytes.ts';
import { buildCsr, CERTIFICATE_TEMPLATES, type CsrParams, parseCsr } from './csr.ts';
import { generateKeyPair } from './keys.ts';

const params: CsrParams = {
  environment: 'developer-portal',
  commonName: 'TST-886431145-399999999900003',
  organizationName: 'مؤسسة نزل للضيافة',
  organizationUnit: 'Riyadh Branch',
  vatNumber: '399999999900003',
  solutionName: 'Nuzl',
  model: '1.0',
  serial: 'ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  invoiceTypes: '1100',
  registeredAddress: 'RRRD2929',
  businessCategory: 'Short-term rentals',
};

Deno.test('CSR carries the ZATCA subject, SAN fields and template, signed by the unit key', () => {
  const keys = generateKeyPair();
  const csr = buildCsr(params, keys.privateKeyPem);
  assertEquals(fromUtf8(fromBase64(csr.requestBody)), csr.pem);
  assert(csr.pem.startsWith('-----BEGIN CERTIFICATE REQUEST-----\n'));
  const parsed = parseCsr(csr.pem);
  assertEquals(parsed.subject, [
    ['CN', 'TST-886431145-399999999900003'],
    ['O', 'مؤسسة نزل للضيافة'],
    ['OU', 'Riyadh Branch'],
    ['C', 'SA'],
  ]);
  assertEquals(parsed.san, [
    ['SN', '1-Nuzl|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f'],
    ['UID', '399999999900003'],
    ['title', '1100'],
    ['registeredAddress', 'RRRD2929'],
    ['businessCategory', 'Short-term rentals'],
  ]);
  assertEquals(parsed.template, 'TSTZATCA-Code-Signing');
  assertEquals(parsed.publicKey, keys.publicKey);
  assertEquals(parsed.signatureAlgorithm, '1.2.840.10045.4.3.2');
  assert(parsed.signatureValid);
  assertEquals(parseCsr(csr.der).subject, parsed.subject);
});

Deno.test('the template extension follows the environment', () => {
  const { privateKeyPem } = generateKeyPair();
  for (const environment of ['developer-portal', 'simulation', 'production'] as const) {
    assertEquals(
      parseCsr(buildCsr({ ...params, environment }, privateKeyPem).pem).template,
      CERTIFICATE_TEMPLATES[environment],
    );
  }
  assertEquals(CERTIFICATE_TEMPLATES.simulation, 'PREZATCA-Code-Signing');
  assertEquals(CERTIFICATE_TEMPLATES.production, 'ZATCA-Code-Signing');
});

Deno.test('a tampered CSR no longer verifies', () => {
  const csr = buildCsr(params, generateKeyPair().privateKeyPem);
  const der = csr.der.slice();
  const at = der.indexOf(0x52); // an 'R' of "Riyadh Branch"
  der[at] = 0x53;
  assert(!parseCsr(der).signatureValid);
});

Deno.test('invalid CSR fields are refused before anything is signed', () => {
  const { privateKeyPem } = generateKeyPair();
  assertThrows(() => buildCsr({ ...params, vatNumber: '123456789012345' }, privateKeyPem), Error, 'VAT number');
  assertThrows(() => buildCsr({ ...params, invoiceTypes: '0000' as '1100' }, privateKeyPem), Error);
  assertThrows(() => buildCsr({ ...params, serial: 'a|b' }, privateKeyPem), Error, 'must not contain');
  assertThrows(() => buildCsr({ ...params, commonName: '  ' }, privateKeyPem), Error);
  // VAT group (11th digit 1): OU must be the member's 10-digit TIN.
  assertThrows(() => buildCsr({ ...params, vatNumber: '399999999910003' }, privateKeyPem), Error, '10-digit TIN');
  buildCsr({ ...params, vatNumber: '399999999910003', organizationUnit: '3999999999' }, privateKeyPem);
});
