/**
 * ZATCA e-invoicing storage and chain (issue 11), through supabase-js: the devices' keys and CSID
 * secrets are out of every browser role's reach; each issued document is queued; the ICV/PIH chain
 * advances by compare-and-swap, so 20 workers signing at once give 20 consecutive counters and an
 * unbroken hash chain; submissions record attempts, back off and mirror their state on the invoice;
 * signed XML sits in a private bucket. On PGlite the requests are served one after another; with
 * SUPABASE_DB_URL (scripts/pg-test-cluster.sh) they really race.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, anon, day, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  svc = service(stack);
});
afterAll(() => stack?.stop());

/** An issued simplified invoice of org 1 with one line, made as the owner. */
async function issuedInvoice(db: Db = owner1, rate = 100): Promise<string> {
  const draft = await db
    .from('invoices')
    .insert({ status: 'draft', due_date: day(10) })
    .select('id')
    .single();
  expect(draft.error).toBeNull();
  await db
    .from('invoice_items')
    .insert({ invoice_id: draft.data!.id, description: 'Night', quantity: 1, rate })
    .throwOnError();
  await db.from('invoices').update({ status: 'pending' }).eq('id', draft.data!.id).throwOnError();
  return draft.data!.id;
}

const fakeHash = (text: string) => createHash('sha256').update(text).digest('base64');

async function chain(org = ORG1) {
  const { data } = await svc
    .from('einvoicing_chains')
    .select('last_invoice_counter, last_invoice_hash')
    .eq('organization_id', org)
    .single()
    .throwOnError();
  return data;
}

/** What the edge function does: read the chain, "sign" on top of it, compare-and-swap; again if it moved. */
async function signAndAdvance(invoiceId: string): Promise<{ counter: number; tries: number }> {
  for (let tries = 1; tries <= 100; tries++) {
    const state = await chain();
    const { data, error } = await svc.rpc('einvoicing_advance_chain', {
      organization_id: ORG1,
      invoice_id: invoiceId,
      expected_counter: state.last_invoice_counter,
      expected_hash: state.last_invoice_hash,
      new_hash: fakeHash(`${invoiceId}:${state.last_invoice_counter}:${state.last_invoice_hash}`),
    });
    expect(error).toBeNull();
    const answer = data as { advanced: boolean; reason?: string; invoice_counter?: number };
    if (answer.advanced) return { counter: answer.invoice_counter!, tries };
    expect(answer.reason).toBe('chain_moved');
  }
  throw new Error('never advanced');
}

describe('devices: keys and CSID secrets only for the service role', () => {
  it('the service role saves and reads a device; a newer production device retires the old one', async () => {
    const first = await svc.rpc('einvoicing_save_device', {
      organization_id: ORG2,
      device: {
        environment: 'developer-portal',
        csr: 'CSR',
        private_key_pem: 'PRIVATE KEY',
        egs_serial: '1-Nuzl|2-1|3-a',
      },
    });
    expect(first.error).toBeNull();
    const device = first.data as { id: string; status: string; private_key_pem: string };
    expect(device.status).toBe('csr_created');
    expect(device.private_key_pem).toBe('PRIVATE KEY');
    const updated = await svc.rpc('einvoicing_save_device', {
      organization_id: ORG2,
      device: { id: device.id, status: 'production_csid', production_token: 'TOKEN', production_secret: 'SECRET' },
    });
    expect(updated.data).toMatchObject({
      id: device.id,
      status: 'production_csid',
      csr: 'CSR',
      production_secret: 'SECRET',
    });
    const second = await svc.rpc('einvoicing_save_device', { organization_id: ORG2, device: { csr: 'CSR 2' } });
    await svc.rpc('einvoicing_save_device', {
      organization_id: ORG2,
      device: { id: (second.data as { id: string }).id, status: 'production_csid' },
    });
    const { data: list } = await svc.rpc('einvoicing_devices', { organization_id: ORG2 });
    expect((list as Array<{ id: string }>).map((d) => d.id)).toEqual([(second.data as { id: string }).id]);

    const unknown = await svc.rpc('einvoicing_save_device', { organization_id: ORG2, device: { owner: 'x' } });
    expect(unknown.error?.hint).toBe('einvoicing_device_invalid');
    const foreign = await svc.rpc('einvoicing_save_device', { organization_id: ORG1, device: { id: device.id } });
    expect(foreign.error?.code).toBe('PT404');
  });

  it('no browser role reaches the devices: not as a table, not through the RPCs', async () => {
    for (const db of [anon(stack), owner1, owner2, member1]) {
      const table = await db
        .schema('private' as 'public')
        .from('einvoicing_devices' as 'invoices')
        .select('*');
      expect(table.data ?? []).toEqual([]);
      expect(table.error).not.toBeNull();
      const read = await db.rpc('einvoicing_devices', { organization_id: ORG2 });
      expect(read.error).not.toBeNull();
      expect(read.data).toBeNull();
      const write = await db.rpc('einvoicing_save_device', { organization_id: ORG2, device: { csr: 'x' } });
      expect(write.error).not.toBeNull();
    }
    // Nor the chain, which only the service role and the functions touch.
    const chainRead = await owner1.from('einvoicing_chains').select('*');
    expect(chainRead.data ?? []).toEqual([]);
  });

  it('staff see the onboarding state without a secret (private helper), only of their own organisation', async () => {
    const { rows } = await stack.db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(x) as row from private.einvoicing_onboarding($1) x`,
      [ORG2],
    );
    expect(rows[0]!.row).toMatchObject({ environment: 'developer-portal', status: 'production_csid' });
    expect(Object.keys(rows[0]!.row).join(',')).not.toMatch(/secret|token|private_key|csr/);
  });
});

describe('the ICV/PIH chain: compare-and-swap, no gap, no fork', () => {
  it('20 documents signed at once get 20 consecutive counters, each chained to the one before', async () => {
    const start = await chain();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await issuedInvoice());
    const results = await Promise.all(ids.map((id) => signAndAdvance(id)));

    const counters = results.map((r) => r.counter).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 20 }, (_, i) => start.last_invoice_counter + 1 + i));
    const { data: docs } = await svc
      .from('invoices')
      .select('id, zatca_invoice_counter, zatca_previous_invoice_hash, zatca_invoice_hash')
      .in('id', ids)
      .order('zatca_invoice_counter')
      .throwOnError();
    let previous = start.last_invoice_hash;
    for (const doc of docs) {
      expect(doc.zatca_previous_invoice_hash).toBe(previous);
      previous = doc.zatca_invoice_hash!;
    }
    const end = await chain();
    expect(end).toEqual({ last_invoice_counter: start.last_invoice_counter + 20, last_invoice_hash: previous });
  });

  it('a document gets one counter only; a stale state never advances the chain', async () => {
    const id = await issuedInvoice();
    const first = await signAndAdvance(id);
    const state = await chain();
    const again = await svc.rpc('einvoicing_advance_chain', {
      organization_id: ORG1,
      invoice_id: id,
      expected_counter: state.last_invoice_counter,
      expected_hash: state.last_invoice_hash,
      new_hash: fakeHash('again'),
    });
    expect(again.data).toMatchObject({ advanced: false, reason: 'already_signed', invoice_counter: first.counter });
    expect(await chain()).toEqual(state);

    const other = await issuedInvoice();
    const stale = await svc.rpc('einvoicing_advance_chain', {
      organization_id: ORG1,
      invoice_id: other,
      expected_counter: state.last_invoice_counter - 1,
      expected_hash: state.last_invoice_hash,
      new_hash: fakeHash('stale'),
    });
    expect(stale.data).toEqual({
      advanced: false,
      reason: 'chain_moved',
      last_invoice_counter: state.last_invoice_counter,
      last_invoice_hash: state.last_invoice_hash,
    });
    expect(await chain()).toEqual(state);
  });

  it('refuses drafts, other organisations’ documents, malformed hashes, and every browser caller', async () => {
    const state = await chain();
    const draft = await owner1.from('invoices').insert({ status: 'draft' }).select('id').single();
    const args = (invoice_id: string, extra: Record<string, unknown> = {}) => ({
      organization_id: ORG1,
      invoice_id,
      expected_counter: state.last_invoice_counter,
      expected_hash: state.last_invoice_hash,
      new_hash: fakeHash(invoice_id),
      ...extra,
    });
    expect((await svc.rpc('einvoicing_advance_chain', args(draft.data!.id))).error?.hint).toBe('invoice_draft');
    const org2Invoice = await issuedInvoice(owner2);
    expect((await svc.rpc('einvoicing_advance_chain', args(org2Invoice))).error?.code).toBe('PT404');
    expect((await svc.rpc('einvoicing_advance_chain', args(randomUUID()))).error?.code).toBe('PT404');
    const id = await issuedInvoice();
    expect((await svc.rpc('einvoicing_advance_chain', args(id, { new_hash: 'not-a-hash' }))).error?.hint).toBe(
      'einvoicing_chain_invalid',
    );
    for (const db of [anon(stack), owner1, member1]) {
      const forged = await db.rpc('einvoicing_advance_chain', args(id));
      expect(forged.error).not.toBeNull();
    }
    expect(await chain()).toEqual(state);
  });
});

describe('submissions: queued at issue, claimed, retried, mirrored', () => {
  it('an issued document is queued (reporting for simplified); a draft is not', async () => {
    const id = await issuedInvoice();
    const { data } = await svc.from('einvoicing_submissions').select('kind, status, attempts').eq('invoice_id', id);
    expect(data).toEqual([{ kind: 'reporting', status: 'queued', attempts: 0 }]);
    const draft = await owner1.from('invoices').insert({ status: 'draft' }).select('id').single();
    const none = await svc.from('einvoicing_submissions').select('id').eq('invoice_id', draft.data!.id);
    expect(none.data).toEqual([]);
  });

  it('a worker claims, fails with back-off, then reports; the invoice mirrors the state', async () => {
    const id = await issuedInvoice(owner2);
    const claimed = await svc.rpc('einvoicing_claim', { batch_size: 50, organization_id: ORG2 });
    expect(claimed.error).toBeNull();
    const mine = (claimed.data as Array<{ submission_id: string; invoice_id: string; attempts: number }>).find(
      (c) => c.invoice_id === id,
    )!;
    expect(mine.attempts).toBe(1);
    // Claimed rows are leased: a second worker does not get them.
    const second = await svc.rpc('einvoicing_claim', { batch_size: 50, organization_id: ORG2 });
    expect((second.data as Array<{ invoice_id: string }>).some((c) => c.invoice_id === id)).toBe(false);
    let invoice = await svc.from('invoices').select('zatca_status').eq('id', id).single();
    expect(invoice.data!.zatca_status).toBe('submitted');

    const failed = await svc.rpc('einvoicing_record_attempt', {
      submission_id: mine.submission_id,
      outcome: 'failed',
      http_status: 503,
      error: 'Service unavailable',
    });
    const row = failed.data as { status: string; next_attempt_at: string; history: unknown[]; last_error: string };
    expect(row.status).toBe('failed');
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(row.history).toHaveLength(1);
    invoice = await svc.from('invoices').select('zatca_status').eq('id', id).single();
    expect(invoice.data!.zatca_status).toBe('failed');
    // Not due yet: not claimed again.
    const early = await svc.rpc('einvoicing_claim', { batch_size: 50, organization_id: ORG2 });
    expect((early.data as Array<{ invoice_id: string }>).some((c) => c.invoice_id === id)).toBe(false);

    await svc.rpc('einvoicing_queue', { invoice_id: id }).throwOnError();
    const retry = await svc.rpc('einvoicing_claim', { batch_size: 50, organization_id: ORG2 });
    const again = (retry.data as Array<{ submission_id: string; invoice_id: string; attempts: number }>).find(
      (c) => c.invoice_id === id,
    )!;
    expect(again.attempts).toBe(2);
    const reported = await svc.rpc('einvoicing_record_attempt', {
      submission_id: again.submission_id,
      outcome: 'reported',
      http_status: 202,
      response: {
        reportingStatus: 'REPORTED',
        validationResults: {
          status: 'WARNING',
          warningMessages: [{ code: 'BR-KSA-37', message: 'building number' }],
          errorMessages: [],
        },
      },
      request: { endpoint: '/invoices/reporting/single', icv: 1 },
    });
    expect(reported.data).toMatchObject({
      status: 'reported',
      warnings: [{ code: 'BR-KSA-37', message: 'building number' }],
      errors: [],
      attempts: 2,
    });
    const accepted = await svc.from('invoices').select('zatca_status, zatca_submitted_at').eq('id', id).single();
    expect(accepted.data!.zatca_status).toBe('reported');
    expect(accepted.data!.zatca_submitted_at).not.toBeNull();
    // An accepted document stays accepted when queued again.
    const requeued = await svc.rpc('einvoicing_queue', { invoice_id: id });
    expect((requeued.data as { status: string }).status).toBe('reported');
  });

  it('staff who may read invoices see their own submissions; others see none and write none', async () => {
    const id = await issuedInvoice();
    const own = await owner1.from('einvoicing_submissions').select('invoice_id').eq('invoice_id', id);
    expect(own.data).toEqual([{ invoice_id: id }]);
    expect((await owner2.from('einvoicing_submissions').select('id').eq('invoice_id', id)).data).toEqual([]);
    // The built-in member role holds no invoices.read.
    expect((await member1.from('einvoicing_submissions').select('id')).data).toEqual([]);
    const noInvoices = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'] });
    expect((await noInvoices.client.from('einvoicing_submissions').select('id')).data).toEqual([]);
    const forged = await owner1.from('einvoicing_submissions').update({ status: 'reported' }).eq('invoice_id', id);
    expect(forged.error).not.toBeNull();
    const inserted = await owner1
      .from('einvoicing_submissions')
      .insert({ organization_id: ORG1, invoice_id: id, kind: 'clearance' });
    expect(inserted.error).not.toBeNull();
    for (const db of [owner1, anon(stack)]) {
      expect((await db.rpc('einvoicing_claim', {})).error).not.toBeNull();
      expect((await db.rpc('einvoicing_queue', { invoice_id: id })).error).not.toBeNull();
    }
  });
});

describe('the einvoices bucket is private', () => {
  it('the service role stores signed XML; staff and visitors can neither list, read nor write it', async () => {
    const id = await issuedInvoice();
    const path = `${ORG1}/${id}.xml`;
    const up = await svc.storage.from('einvoices').upload(path, '<Invoice/>', { contentType: 'application/xml' });
    expect(up.error).toBeNull();
    for (const db of [owner1, anon(stack)]) {
      const read = await db.storage.from('einvoices').download(path);
      expect(read.data).toBeNull();
      const list = await db.storage.from('einvoices').list(ORG1);
      expect(list.data ?? []).toEqual([]);
      const write = await db.storage.from('einvoices').upload(`${ORG1}/forged.xml`, '<x/>', {
        contentType: 'application/xml',
      });
      expect(write.error).not.toBeNull();
    }
    expect((await svc.storage.from('einvoices').download(path)).data).not.toBeNull();
  });
});
