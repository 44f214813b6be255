/**
 * The ZATCA sandbox end to end, fed by the real Deno producer (keys, CSR, signed UBL from
 * supabase/functions/_shared/zatca via its CLI): CSR → compliance CSID → compliance checks →
 * production CSID → reporting and clearance, and every refusal on the way.
 */
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { runZatcaCli, type SignedDocument, testCsrParams, testInvoice } from './deno-zatca';
import { createZatcaSandbox, type ZatcaSandbox } from './sandbox';
import { verifyInvoice } from './verify';

const BASE = 'http://zatca.local/e-invoicing/developer-portal';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(sandbox: ZatcaSandbox, endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await sandbox.handle(
    new Request(`${BASE}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-version': 'V2', 'accept-language': 'en', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json().catch(() => null)) as Json };
}

const basic = (csid: Json) => ({
  authorization: `Basic ${Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`).toString('base64')}`,
});
const certificateOf = (csid: Json) => Buffer.from(csid.binarySecurityToken, 'base64').toString('utf8');
const submission = (doc: SignedDocument) => ({
  invoiceHash: doc.invoiceHash,
  uuid: doc.uuid,
  invoice: Buffer.from(doc.xml).toString('base64'),
});
const codes = (body: Json, kind: 'errorMessages' | 'warningMessages') =>
  (body.validationResults[kind] as Json[]).map((m) => m.code);

const DOCUMENTS = [
  ['simplified', 'invoice'],
  ['simplified', 'credit_note'],
  ['simplified', 'debit_note'],
  ['standard', 'invoice'],
  ['standard', 'credit_note'],
  ['standard', 'debit_note'],
] as const;

let sandbox: ZatcaSandbox;
let egs: { privateKeyPem: string; requestBody: string };
let ccsid: Json;
let complianceDocs: SignedDocument[];
/** Set by the compliance tests below; the reporting and clearance tests run after them (same file, in order). */
let pcsid: Json;

beforeAll(async () => {
  sandbox = createZatcaSandbox();
  egs = await runZatcaCli('keys-csr', { csr: testCsrParams() });
  ccsid = (await call(sandbox, '/compliance', { csr: egs.requestBody }, { otp: '123456' })).body;
  const signed = await runZatcaCli<{ signed: SignedDocument[] }>('sign', {
    credentials: { privateKeyPem: egs.privateKeyPem, certificate: certificateOf(ccsid) },
    invoices: DOCUMENTS.map(([kind, type]) => testInvoice(kind, type)),
    chain: true,
  });
  complianceDocs = signed.signed;
}, 120_000);

describe('ZATCA sandbox: onboarding', () => {
  it('POST /compliance issues a compliance CSID for a valid CSR, signed by the sandbox CA', () => {
    expect(ccsid).toMatchObject({ dispositionMessage: 'ISSUED', errors: null, requestID: expect.any(Number) });
    expect(ccsid.secret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const certificate = new X509Certificate(Buffer.from(certificateOf(ccsid), 'base64'));
    expect(certificate.verify(new X509Certificate(Buffer.from(sandbox.caCertificate, 'base64')).publicKey)).toBe(true);
    expect(certificate.subject).toBe(
      'CN=TST-886431145-399999999900003\nO=مؤسسة نزل للشقق المخدومة\nOU=Riyadh Branch\nC=SA',
    );
    expect(certificate.subjectAltName).toContain('UID=399999999900003');
  });

  it('OTP and CSR problems are ZATCA-shaped 400s (the sandbox adds its reason)', async () => {
    expect(await call(sandbox, '/compliance', { csr: egs.requestBody })).toEqual({
      status: 400,
      body: { errors: [{ code: 'Missing-OTP', message: 'OTP is required' }] },
    });
    expect(await call(sandbox, '/compliance', { csr: egs.requestBody }, { otp: '999999' })).toEqual({
      status: 400,
      body: { errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] },
    });
    const invalid = (sandboxReason: string) => ({
      status: 400,
      body: {
        errorCode: '400',
        errorCategory: 'Invalid-CSR',
        errorMessage: 'The provided Certificate Signing Request (CSR) is invalid.',
        sandboxReason,
      },
    });
    const otp = { otp: '123456' };
    expect(await call(sandbox, '/compliance', {}, otp)).toEqual(invalid('csr is missing'));
    expect(await call(sandbox, '/compliance', { csr: Buffer.from('hello').toString('base64') }, otp)).toEqual(
      invalid('csr is not the Base64 of a PEM certificate request'),
    );
    const pem = Buffer.from(egs.requestBody, 'base64').toString('utf8');
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    der[der.indexOf(Buffer.from('Riyadh Branch'))] ^= 1;
    const tampered = `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
    expect(await call(sandbox, '/compliance', { csr: Buffer.from(tampered).toString('base64') }, otp)).toEqual(
      invalid('the CSR signature does not verify'),
    );
    const simulation = await runZatcaCli<Json>('keys-csr', { csr: testCsrParams({ environment: 'simulation' }) });
    expect(await call(sandbox, '/compliance', { csr: simulation.requestBody }, otp)).toEqual(
      invalid('the certificate template is "PREZATCA-Code-Signing", this environment expects "TSTZATCA-Code-Signing"'),
    );
  });

  it('Accept-Version V2, POST and known paths are required', async () => {
    const res = await sandbox.handle(
      new Request(`${BASE}/compliance`, { method: 'POST', body: '{}', headers: { otp: '123456' } }),
    );
    expect(res.status).toBe(406);
    expect(
      (await sandbox.handle(new Request(`${BASE}/compliance`, { headers: { 'accept-version': 'V2' } }))).status,
    ).toBe(405);
    expect((await call(sandbox, '/unknown', {})).status).toBe(404);
    expect((await call(sandbox, '/compliance', 'not json', { otp: '123456' })).status).toBe(400);
  });
});

describe('ZATCA sandbox: compliance checks and production CSID', () => {
  it('refuses the production CSID before every declared document type passed', async () => {
    const early = await call(sandbox, '/production/csids', { compliance_request_id: ccsid.requestID }, basic(ccsid));
    expect(early.status).toBe(400);
    expect(early.body.errors[0].code).toBe('Missing-Compliance-Steps');
    expect(early.body.errors[0].message).toBe(
      'The compliance checks have not passed for: standard tax invoice, standard credit note, standard debit note, simplified tax invoice, simplified credit note, simplified debit note',
    );
  });

  it('a wrong body hash or UUID is refused with ZATCA codes; a bad request is 400; no credentials is 401', async () => {
    const doc = complianceDocs[0];
    const wrongHash = await call(
      sandbox,
      '/compliance/invoices',
      { ...submission(doc), invoiceHash: complianceDocs[1].invoiceHash },
      basic(ccsid),
    );
    expect(wrongHash.status).toBe(400);
    expect(wrongHash.body.validationResults.errorMessages).toEqual([
      {
        type: 'ERROR',
        code: 'invalid-invoice-hash',
        category: 'INVOICE_HASHING_ERRORS',
        message: 'The invoice hash API body does not match the (calculated) Hash of the XML',
        status: 'ERROR',
      },
    ]);
    expect(wrongHash.body.reportingStatus).toBe('NOT_REPORTED');
    const wrongUuid = await call(
      sandbox,
      '/compliance/invoices',
      { ...submission(doc), uuid: complianceDocs[1].uuid },
      basic(ccsid),
    );
    expect(codes(wrongUuid.body, 'errorMessages')).toEqual(['invalid-uuid']);
    expect(
      codes((await call(sandbox, '/compliance/invoices', { uuid: doc.uuid }, basic(ccsid))).body, 'errorMessages'),
    ).toEqual(['Invalid-Request']);
    expect((await call(sandbox, '/compliance/invoices', submission(doc))).status).toBe(401);
    expect(
      (await call(sandbox, '/compliance/invoices', submission(doc), basic({ ...ccsid, secret: 'x' }))).status,
    ).toBe(401);
  });

  it('the six documents pass (REPORTED / CLEARED), then the production CSID is issued', async () => {
    for (const doc of complianceDocs) {
      const res = await call(sandbox, '/compliance/invoices', submission(doc), basic(ccsid));
      expect(res.body.validationResults).toEqual({
        infoMessages: [
          {
            type: 'INFO',
            code: 'XSD_ZATCA_VALID',
            category: 'XSD validation',
            message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
            status: 'PASS',
          },
        ],
        warningMessages: [],
        errorMessages: [],
        status: 'PASS',
      });
      expect(res.status).toBe(200);
      const simplified = doc.xml.includes('name="0200000"');
      expect([res.body.reportingStatus, res.body.clearanceStatus]).toEqual(
        simplified ? ['REPORTED', null] : [null, 'CLEARED'],
      );
    }
    expect(
      (await call(sandbox, '/production/csids', { compliance_request_id: 1 }, basic(ccsid))).body.errors[0].code,
    ).toBe('Invalid-Request-ID');
    const production = await call(
      sandbox,
      '/production/csids',
      { compliance_request_id: ccsid.requestID },
      basic(ccsid),
    );
    expect(production.status).toBe(200);
    expect(production.body).toMatchObject({ dispositionMessage: 'ISSUED', errors: null });
    expect(production.body.binarySecurityToken).not.toBe(ccsid.binarySecurityToken);
    pcsid = production.body;
  });
});

describe('ZATCA sandbox: reporting and clearance with the production CSID', () => {
  let docs: SignedDocument[];
  let others: SignedDocument[];
  const ca = () => new X509Certificate(Buffer.from(sandbox.caCertificate, 'base64'));

  beforeAll(async () => {
    expect(pcsid, 'the compliance tests above issue the production CSID').toBeDefined();
    const credentials = { privateKeyPem: egs.privateKeyPem, certificate: certificateOf(pcsid) };
    docs = (
      await runZatcaCli<{ signed: SignedDocument[] }>('sign', {
        credentials,
        invoices: [
          testInvoice('simplified', 'invoice'),
          testInvoice('simplified', 'credit_note'),
          testInvoice('standard', 'invoice'),
          testInvoice('standard', 'debit_note'),
        ],
        chain: true,
      })
    ).signed;
    const otherSeller = testInvoice('simplified', 'invoice');
    others = (
      await runZatcaCli<{ signed: SignedDocument[] }>('sign', {
        credentials,
        invoices: [
          { ...otherSeller, supplier: { ...(otherSeller.supplier as Json), vatNumber: '311111111100003' } },
          testInvoice('simplified', 'invoice', { issueDate: '2099-01-01' }),
        ],
      })
    ).signed;
  }, 120_000);

  it("the producer's signed invoices pass the independent verifier, issued by the sandbox CA", () => {
    for (const doc of docs) expect(verifyInvoice(doc.xml, { issuer: ca() }).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('simplified documents are REPORTED (200, PASS)', async () => {
    for (const doc of docs.slice(0, 2)) {
      const res = await call(sandbox, '/invoices/reporting/single', submission(doc), {
        ...basic(pcsid),
        'clearance-status': '0',
      });
      expect(res).toMatchObject({
        status: 200,
        body: { reportingStatus: 'REPORTED', validationResults: { status: 'PASS' } },
      });
    }
  });

  it('standard documents are CLEARED with the sandbox stamp: same hash, new signature and QR, verifiable', async () => {
    for (const doc of docs.slice(2)) {
      const res = await call(sandbox, '/invoices/clearance/single', submission(doc), {
        ...basic(pcsid),
        'clearance-status': '1',
      });
      expect(res).toMatchObject({
        status: 200,
        body: { clearanceStatus: 'CLEARED', validationResults: { status: 'PASS' } },
      });
      const cleared = Buffer.from(res.body.clearedInvoice, 'base64').toString('utf8');
      const result = verifyInvoice(cleared, { issuer: ca() });
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      expect(result.invoiceHash).toBe(doc.invoiceHash);
      expect(result.certificate!.subject).toContain('CN=Nuzl ZATCA Sandbox Clearance Stamp');
      expect(cleared).not.toContain(doc.qr);
    }
  });

  it('documents sent to the wrong endpoint, without Clearance-Status or with the compliance CSID are refused', async () => {
    const standard = await call(sandbox, '/invoices/reporting/single', submission(docs[2]), basic(pcsid));
    expect(standard).toMatchObject({ status: 400, body: { reportingStatus: 'NOT_REPORTED' } });
    expect(codes(standard.body, 'errorMessages')).toContain('invoice-type');
    const simplified = await call(sandbox, '/invoices/clearance/single', submission(docs[0]), {
      ...basic(pcsid),
      'clearance-status': '1',
    });
    expect(simplified).toMatchObject({ status: 400, body: { clearanceStatus: 'NOT_CLEARED', clearedInvoice: null } });
    expect(
      (await call(sandbox, '/invoices/clearance/single', submission(docs[2]), basic(pcsid))).body.errors[0].code,
    ).toBe('Invalid-Clearance-Status');
    expect((await call(sandbox, '/invoices/reporting/single', submission(docs[0]), basic(ccsid))).status).toBe(401);
    expect((await call(sandbox, '/compliance/invoices', submission(docs[0]), basic(pcsid))).status).toBe(401);
  });

  it('warnings (202, still REPORTED): a document out of the chain, one signed with another certificate', async () => {
    const again = await call(sandbox, '/invoices/reporting/single', submission(docs[0]), basic(pcsid));
    expect(again).toMatchObject({
      status: 202,
      body: { reportingStatus: 'REPORTED', validationResults: { status: 'WARNING' } },
    });
    expect(codes(again.body, 'warningMessages')).toEqual(['sandbox-pih-chain', 'sandbox-icv-order']);
    const compliance = await call(sandbox, '/invoices/reporting/single', submission(complianceDocs[0]), basic(pcsid));
    expect(compliance.status).toBe(202);
    expect(codes(compliance.body, 'warningMessages')).toContain('invalid-signing-certificate');
  });

  it('errors (400, NOT_REPORTED): another VAT number, a future issue date, totals that do not add up', async () => {
    const otherVat = await call(sandbox, '/invoices/reporting/single', submission(others[0]), basic(pcsid));
    expect(otherVat.status).toBe(400);
    expect(codes(otherVat.body, 'errorMessages')).toEqual(['certificate-permissions']);
    const future = await call(sandbox, '/invoices/reporting/single', submission(others[1]), basic(pcsid));
    expect(codes(future.body, 'errorMessages')).toEqual(['BR-KSA-04']);

    // A signed document whose first line claims 1,300.00 for 3 × 450.00 (re-signed, so only the arithmetic is wrong).
    const changed = docs[1].xml.replace(
      '<cbc:LineExtensionAmount currencyID="SAR">1350.00<',
      '<cbc:LineExtensionAmount currencyID="SAR">1300.00<',
    );
    expect(changed).not.toBe(docs[1].xml);
    const resigned = await runZatcaCli<SignedDocument>('sign-xml', {
      xml: changed,
      credentials: { privateKeyPem: egs.privateKeyPem, certificate: certificateOf(pcsid) },
    });
    const totals = await call(
      sandbox,
      '/invoices/reporting/single',
      { ...submission(resigned), uuid: docs[1].uuid },
      basic(pcsid),
    );
    expect(totals.status).toBe(400);
    expect(codes(totals.body, 'errorMessages')).toEqual([
      'BR-KSA-EN16931-11',
      'BR-KSA-50',
      'BR-KSA-51',
      'BR-CO-10',
      'BR-S-08',
    ]);
    expect(totals.body.validationResults.errorMessages[0].message).toBe(
      'line 1: net amount 1300.00 is not price × quantity = 1350.00',
    );
  });

  it('received() keeps every request and answer, with credentials masked', () => {
    const log = sandbox.received();
    expect(log.length).toBeGreaterThan(20);
    const report = log.find((entry) => entry.endpoint === '/invoices/reporting/single' && entry.status === 200)!;
    expect(report.headers.authorization).toBe('Basic ***');
    expect(report.body).toMatchObject({ invoiceHash: docs[0].invoiceHash, uuid: docs[0].uuid });
    expect(report.response).toMatchObject({ reportingStatus: 'REPORTED' });
    expect(log.map((entry) => entry.endpoint)).toEqual(
      expect.arrayContaining([
        '/compliance',
        '/compliance/invoices',
        '/production/csids',
        '/invoices/clearance/single',
      ]),
    );
  });
});
