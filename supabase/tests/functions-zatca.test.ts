/**
 * The zatca edge function end to end against the local ZATCA sandbox (docs/zatca.md): before
 * onboarding documents wait with their Phase-1 QR; onboarding (OTP → compliance CSID → compliance
 * checks → production CSID); the minute's cron job (pg_cron → pg_net → process); 20 documents
 * issued at once → 20 consecutive ICVs and an unbroken PIH chain, every signed XML verified by the
 * independent Node verifier against the sandbox CA; reporting, clearance (the stamped XML kept),
 * notes; an outage → failed, kept, retried with back-off, reported; a rejection → rejected in place.
 * Runs on PGlite and on PostgreSQL 15 (scripts/pg-test-cluster.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTlv } from '../local/zatca/tlv';
import { verifyInvoice } from '../local/zatca/verify';
import type { ZatcaSandbox } from '../local/zatca/sandbox';
import { DEMO, ORG1, service, signInDemo, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';
import {
  drainQueue,
  issueDocument,
  settleDocuments,
  STANDARD_BUYER,
  submissionOf,
  zatca,
  zatcaState,
} from './helpers/zatca-function';

let stack: TestStack;
let sandbox: ZatcaSandbox;
let svc: Db;
let owner1: Db;
let ownerToken: string;
let memberToken: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  sandbox = await stack.stack.zatca.sandbox();
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  ownerToken = await stack.userToken({ sub: DEMO.owner1.id, phone: '966500000001' });
  memberToken = await stack.userToken({ sub: DEMO.member1.id, phone: '966500000003' });
}, 180_000);
afterAll(() => stack?.stop());

const tags = (qr: string) => [...decodeTlv(qr).keys()].sort((a, b) => a - b);
const owner = () => ({ token: ownerToken });

async function signedXml(invoiceId: string, variant?: 'signed' | 'cleared') {
  const answer = await zatca(stack, `/invoices/${invoiceId}/xml${variant ? `?variant=${variant}` : ''}`, owner(), {
    method: 'GET',
  });
  expect(answer.status, answer.text).toBe(200);
  return { xml: answer.text, document: answer.headers.get('x-zatca-document') };
}

function verified(xml: string) {
  const result = verifyInvoice(xml, { issuer: sandbox.caCertificate });
  expect(
    result.checks.filter((c) => !c.ok),
    'every check of the Node verifier passes',
  ).toEqual([]);
  expect(result.valid).toBe(true);
  return result;
}

let waiting: string;

describe('before onboarding', () => {
  it('an issued document keeps its Phase-1 QR and waits, queued, without a place in the chain', async () => {
    waiting = await issueDocument(owner1);
    await stack.jobs.net.settle();
    const run = await zatca(stack, '/process', { key: stack.serviceRoleKey }, { body: {} });
    expect(run.status, run.text).toBe(200);
    expect(run.body.organizations).toContainEqual({ organization_id: ORG1, status: 'not_onboarded', documents: [] });
    const [state] = await zatcaState(svc, [waiting]);
    expect(state).toMatchObject({ zatca_status: 'queued', zatca_invoice_counter: null, zatca_invoice_hash: null });
    expect(tags(state!.zatca_qr_payload!)).toEqual([1, 2, 3, 4, 5]);
    // Staff asking to send it now learn why it waits.
    const now = await zatca(stack, `/invoices/${waiting}/submit`, owner());
    expect(now.status).toBe(409);
    expect(now.body.code).toBe('zatca_not_onboarded');
    expect((await submissionOf(svc, waiting)).status).toBe('queued');
  });
});

describe('onboarding', () => {
  it('is for settings.manage staff; ZATCA refuses a wrong OTP', async () => {
    expect((await zatca(stack, '/onboarding', { token: memberToken }, { body: { otp: '123456' } })).status).toBe(403);
    const missing = await zatca(stack, '/onboarding', owner(), { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('zatca_otp_required');
    const wrong = await zatca(stack, '/onboarding', owner(), { body: { otp: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('zatca_otp_invalid');
    expect(JSON.stringify(wrong.body)).toContain('Invalid-OTP');
  });

  it('CSR → compliance CSID → a compliance check of every document type → production CSID', async () => {
    const before = sandbox.received().length;
    const answer = await zatca(stack, '/onboarding', owner(), { body: { otp: '123456' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.device).toMatchObject({ environment: 'developer-portal', status: 'production_csid' });
    expect(new Date(answer.body.device.certificate_expires_at).getTime()).toBeGreaterThan(Date.now());
    // Nothing secret comes back: no key, no CSID, no secret.
    expect(answer.text).not.toMatch(/PRIVATE KEY|private_key|secret|binarySecurityToken|_token/i);

    const calls = sandbox.received().slice(before);
    expect(calls.map((c) => [c.endpoint, c.status])).toEqual([
      ['/compliance', 200],
      ...Array.from({ length: 6 }, () => ['/compliance/invoices', 200]),
      ['/production/csids', 200],
    ]);
    const checks = await svc
      .from('einvoicing_submissions')
      .select('status, request')
      .eq('organization_id', ORG1)
      .eq('kind', 'compliance')
      .order('created_at');
    expect(checks.data!.slice(-6).map((c) => c.status)).toEqual([
      'cleared',
      'cleared',
      'cleared',
      'reported',
      'reported',
      'reported',
    ]);
  });
});

describe('processing', () => {
  it('the minute job sends what waited: pg_cron → pg_net → process → reported with the Phase-2 QR', async () => {
    const runs = await stack.jobs.cron.tick(new Date());
    expect(runs.find((r) => r.jobname === 'zatca-process')).toMatchObject({ status: 'succeeded' });
    const [state] = await settleDocuments(stack, svc, [waiting]);
    expect(state!.zatca_status).toBe('reported');
    expect(state!.zatca_invoice_counter).toBeGreaterThan(0);
    expect(tags(state!.zatca_qr_payload!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const { xml, document } = await signedXml(waiting);
    expect(document).toBe('signed');
    const result = verified(xml);
    expect(result.invoiceHash).toBe(state!.zatca_invoice_hash);
    expect(xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${state!.zatca_qr_payload}<`);
    // The seed's documents (about 240) were queued too: whatever one run's time left, send now.
    await drainQueue(stack);
  });

  it('20 documents issued at once: 20 consecutive ICVs, an unbroken PIH chain, every XML verified', async () => {
    const before = sandbox.received().length;
    const ids = await Promise.all(Array.from({ length: 20 }, () => issueDocument(owner1)));
    const states = await settleDocuments(stack, svc, ids);
    expect(states.map((s) => s.zatca_status)).toEqual(Array(20).fill('reported'));

    const chain = [...states].sort((a, b) => a.zatca_invoice_counter! - b.zatca_invoice_counter!);
    const first = chain[0]!.zatca_invoice_counter!;
    expect(chain.map((s) => s.zatca_invoice_counter)).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    for (let i = 1; i < chain.length; i++) {
      expect(chain[i]!.zatca_previous_invoice_hash).toBe(chain[i - 1]!.zatca_invoice_hash);
    }
    for (const state of chain) {
      const result = verified((await signedXml(state.id)).xml);
      expect(result.invoiceHash).toBe(state.zatca_invoice_hash);
      expect(result.facts?.icv).toBe(String(state.zatca_invoice_counter));
    }
    // ZATCA received them in chain order: no sandbox warning about the PIH chain or the ICV order.
    const reports = sandbox
      .received()
      .slice(before)
      .filter((r) => r.endpoint === '/invoices/reporting/single');
    expect(reports).toHaveLength(20);
    const warnings = reports.flatMap((r) =>
      (
        (r.response as { validationResults: { warningMessages: Array<{ code: string }> } }).validationResults
          .warningMessages ?? []
      ).map((w) => w.code),
    );
    expect(warnings).toEqual([]);
    expect(reports.every((r) => r.status === 200)).toBe(true);
  });

  it('a standard invoice is cleared: the XML ZATCA stamped is kept, served and its QR put on the invoice', async () => {
    const id = await issueDocument(owner1, STANDARD_BUYER);
    const [state] = await settleDocuments(stack, svc, [id]);
    expect(state!.zatca_status).toBe('cleared');
    const cleared = await signedXml(id);
    expect(cleared.document).toBe('cleared');
    const result = verified(cleared.xml);
    expect(result.invoiceHash).toBe(state!.zatca_invoice_hash);
    expect(result.certificate?.subject).toContain('Clearance Stamp');
    expect(state!.zatca_qr_payload).toBe(
      /mimeCode="text\/plain">([^<]+)</.exec(cleared.xml.split('<cbc:ID>QR</cbc:ID>')[1]!)![1],
    );
    // The document as this stack signed it is kept too.
    const signed = await signedXml(id, 'signed');
    expect(signed.document).toBe('signed');
    expect(verified(signed.xml).certificate?.subject).not.toContain('Clearance Stamp');
    const submission = await submissionOf(svc, id);
    expect(submission).toMatchObject({ kind: 'clearance', status: 'cleared', attempts: 1, http_status: 200 });
    expect(JSON.stringify(submission.response)).not.toContain('clearedInvoice');
  });

  it('credit and debit notes name the invoice they correct and are reported like it', async () => {
    const original = await issueDocument(owner1);
    const credit = await issueDocument(owner1, {
      document_type: 'credit_note',
      original_invoice_id: original,
      reason: 'Early check-out',
      lines: [{ description: 'One night refunded', quantity: 1, rate: 450 }],
    });
    const debit = await issueDocument(owner1, {
      document_type: 'debit_note',
      original_invoice_id: original,
      reason: 'Late check-out fee',
      lines: [{ description: 'Late check-out', quantity: 1, rate: 100 }],
    });
    const states = await settleDocuments(stack, svc, [original, credit, debit]);
    expect(states.map((s) => s.zatca_status)).toEqual(['reported', 'reported', 'reported']);
    const number = states.find((s) => s.id === original)!.invoice_number;
    for (const [id, code] of [
      [credit, '381'],
      [debit, '383'],
    ] as const) {
      const { xml } = await signedXml(id);
      verified(xml);
      expect(xml).toContain(`>${code}</cbc:InvoiceTypeCode>`);
      expect(xml).toMatch(
        new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${number}</cbc:ID>`),
      );
    }
  });
});

describe('failures are kept, shown and retried', () => {
  it('ZATCA unavailable: failed with the error and a back-off, then the minute job reports it', async () => {
    sandbox.failNext({ count: 1, status: 503 });
    const id = await issueDocument(owner1);
    const [failed] = await settleDocuments(stack, svc, [id]);
    expect(failed!.zatca_status).toBe('failed');
    // Signed before it was sent: its place in the chain is kept for the retry.
    expect(failed!.zatca_invoice_counter).not.toBeNull();
    let submission = await submissionOf(svc, id);
    expect(submission).toMatchObject({ status: 'failed', attempts: 1, http_status: 503 });
    expect(submission.last_error).toMatch(/ZATCA answered 503/);
    expect(new Date(submission.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Within the back-off the minute job leaves it.
    await stack.jobs.cron.tick(new Date());
    await stack.jobs.net.settle();
    expect((await submissionOf(svc, id)).status).toBe('failed');

    // The back-off is over (time moves on): the minute job sends it again.
    await svc
      .from('einvoicing_submissions')
      .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() } as never)
      .eq('id', submission.id)
      .throwOnError();
    await stack.jobs.cron.tick(new Date());
    const [reported] = await settleDocuments(stack, svc, [id]);
    expect(reported!.zatca_status).toBe('reported');
    expect(reported!.zatca_invoice_counter).toBe(failed!.zatca_invoice_counter);
    expect(reported!.zatca_invoice_hash).toBe(failed!.zatca_invoice_hash);
    submission = await submissionOf(svc, id);
    expect(submission).toMatchObject({ status: 'reported', attempts: 2, last_error: null });
    expect(submission.history.map((h: { status: string }) => h.status)).toEqual(['failed', 'reported']);
  });

  it('staff retry a failed document at once', async () => {
    sandbox.failNext({ count: 1, status: 500 });
    const id = await issueDocument(owner1);
    const [failed] = await settleDocuments(stack, svc, [id]);
    expect(failed!.zatca_status).toBe('failed');
    const retry = await zatca(stack, `/invoices/${id}/submit`, owner());
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.submission).toMatchObject({ status: 'reported', attempts: 2 });
    expect(retry.text).not.toMatch(/secret|token/i);
  });

  it('a document ZATCA rejects keeps its place in the chain, marked rejected with its errors', async () => {
    // Issued "tomorrow" (the service role may date an issue): ZATCA refuses an issue date in the future.
    const { draftDocument } = await import('./helpers/zatca-function');
    const id = await draftDocument(owner1);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString();
    await svc.from('invoices').update({ status: 'pending', issued_at: tomorrow }).eq('id', id).throwOnError();
    const [rejected] = await settleDocuments(stack, svc, [id]);
    expect(rejected!.zatca_status).toBe('rejected');
    expect(rejected!.zatca_invoice_counter).not.toBeNull();
    const submission = await submissionOf(svc, id);
    expect(submission).toMatchObject({ status: 'rejected', http_status: 400 });
    expect(submission.errors.map((e: { code: string }) => e.code)).toContain('BR-KSA-04');
    expect(submission.last_error).toMatch(/BR-KSA-04/);

    const next = await issueDocument(owner1);
    const [after] = await settleDocuments(stack, svc, [next]);
    expect(after).toMatchObject({
      zatca_status: 'reported',
      zatca_invoice_counter: rejected!.zatca_invoice_counter! + 1,
      zatca_previous_invoice_hash: rejected!.zatca_invoice_hash,
    });
  });
});
