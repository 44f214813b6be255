/**
 * Who may use the zatca edge function, and that its secrets stay on the server (docs/zatca.md):
 * the signed XML (GET /zatca/invoices/<id>/xml) only for invoices.read staff of that organisation —
 * 401 for nobody, 403 for a member without the permission, 404 for another organisation or no such
 * invoice; process for the service role only (legacy key and secret key); onboarding for
 * settings.manage and submit for invoices.write; the EGS private key, the CSID secrets, the Vault
 * secrets, the pg_net queue and the einvoices bucket out of reach of every browser role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ORG1, anon, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { draftDocument, drainQueue, issueDocument, settleDocuments, zatca } from './helpers/zatca-function';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let tokens: Record<'owner1' | 'owner2' | 'member1' | 'reader' | 'writerNoRead', string>;
let signed: string;
let unsigned: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  const reader = await newStaff(stack, { org: ORG1, permissions: ['invoices.read'], name: 'Reader' });
  const writer = await newStaff(stack, { org: ORG1, permissions: ['invoices.write'], name: 'Writer' });
  tokens = {
    owner1: await stack.userToken({ sub: DEMO.owner1.id }),
    owner2: await stack.userToken({ sub: DEMO.owner2.id }),
    member1: await stack.userToken({ sub: DEMO.member1.id }),
    reader: await stack.userToken({ sub: reader.id }),
    writerNoRead: await stack.userToken({ sub: writer.id }),
  };
  const onboarded = await zatca(stack, '/onboarding', { token: tokens.owner1 }, { body: { otp: '123456' } });
  expect(onboarded.status, onboarded.text).toBe(200);
  await drainQueue(stack);
  signed = await issueDocument(owner1);
  await settleDocuments(stack, svc, [signed]);
  unsigned = await draftDocument(owner1);
}, 300_000);
afterAll(() => stack?.stop());

const xml = (id: string, as: Parameters<typeof zatca>[2]) => zatca(stack, `/invoices/${id}/xml`, as, { method: 'GET' });

describe('GET /zatca/invoices/<id>/xml', () => {
  it('gives invoices.read staff of the organisation the signed XML', async () => {
    for (const who of ['owner1', 'reader'] as const) {
      const answer = await xml(signed, { token: tokens[who] });
      expect(answer.status, who).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="INV-\d+\.xml"$/);
      expect(answer.text).toMatch(/^<\?xml/);
      expect(answer.text).toContain('<ds:SignatureValue>');
    }
  });

  it('401 to nobody: no token, the anon key, a forged or expired token, a new-style key', async () => {
    const forged = tokens.owner1.replace(/\.[^.]+$/, '.AAAA');
    const expired = await stack.userToken({ sub: DEMO.owner1.id, expiresIn: -60 });
    for (const as of [
      null,
      { key: stack.anonKey },
      { key: stack.publishableKey },
      { token: forged },
      { token: expired },
    ]) {
      const answer = await xml(signed, as);
      expect(answer.status, JSON.stringify(as)).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized' });
      expect(answer.text).not.toContain('<?xml');
    }
  });

  it('403 to staff of the organisation without invoices.read', async () => {
    for (const who of ['member1', 'writerNoRead'] as const) {
      const answer = await xml(signed, { token: tokens[who] });
      expect(answer.status, who).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden' });
    }
  });

  it('404 to another organisation, and for an unknown or malformed id, like a missing invoice', async () => {
    const other = await xml(signed, { token: tokens.owner2 });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: 'invoice_not_found', message: 'This invoice was not found' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc']) {
      const answer = await xml(id, { token: tokens.owner1 });
      expect(answer.status, id).toBe(404);
      expect(answer.body).toEqual(other.body);
    }
  });

  it('404 with its own code for a document not signed yet', async () => {
    const answer = await xml(unsigned, { token: tokens.owner1 });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('einvoice_not_signed');
  });
});

describe('the other routes', () => {
  it('process is for the service role: its legacy key or a secret key; staff get 403, nobody 401', async () => {
    expect((await zatca(stack, '/process', null, { body: {} })).status).toBe(401);
    expect((await zatca(stack, '/process', { key: stack.anonKey }, { body: {} })).status).toBe(401);
    expect((await zatca(stack, '/process', { token: tokens.owner1 }, { body: {} })).status).toBe(403);
    for (const key of [stack.serviceRoleKey, stack.secretKey]) {
      const run = await zatca(stack, '/process', { key }, { body: {} });
      expect(run.status, run.text).toBe(200);
      expect(Array.isArray(run.body.organizations)).toBe(true);
    }
  });

  it('onboarding is for settings.manage; submit for invoices.write of the same organisation', async () => {
    expect((await zatca(stack, '/onboarding', null, { body: { otp: '123456' } })).status).toBe(401);
    expect((await zatca(stack, '/onboarding', { token: tokens.reader }, { body: { otp: '123456' } })).status).toBe(403);
    expect((await zatca(stack, `/invoices/${signed}/submit`, null)).status).toBe(401);
    expect((await zatca(stack, `/invoices/${signed}/submit`, { token: tokens.reader })).status).toBe(403);
    expect((await zatca(stack, `/invoices/${signed}/submit`, { token: tokens.member1 })).status).toBe(403);
    expect((await zatca(stack, `/invoices/${signed}/submit`, { token: tokens.owner2 })).status).toBe(404);
    const draft = await zatca(stack, `/invoices/${unsigned}/submit`, { token: tokens.owner1 });
    expect(draft.status).toBe(409);
    expect(draft.body.code).toBe('einvoice_not_issued');
    // Sending an accepted document again changes nothing.
    const again = await zatca(stack, `/invoices/${signed}/submit`, { token: tokens.owner1 });
    expect(again.status, again.text).toBe(200);
    expect(again.body.submission).toMatchObject({ status: 'reported', attempts: 1 });
  });

  it('unknown routes and wrong methods', async () => {
    expect((await zatca(stack, '/nothing', { token: tokens.owner1 }, { body: {} })).status).toBe(404);
    expect((await zatca(stack, '/process', { key: stack.serviceRoleKey }, { method: 'GET' })).status).toBe(405);
    expect((await zatca(stack, `/invoices/${signed}/xml`, { token: tokens.owner1 }, { body: {} })).status).toBe(405);
  });
});

describe('secrets stay on the server', () => {
  it('no browser role reads the EGS key, the CSIDs, Vault, the pg_net queue or the e-invoices bucket', async () => {
    const memberDb = await signInDemo(stack, 'member1');
    for (const db of [anon(stack), owner1, owner2, memberDb]) {
      for (const [schema, table] of [
        ['private', 'einvoicing_devices'],
        ['private', 'zatca_worker_leases'],
        ['vault', 'decrypted_secrets'],
        ['net', 'http_request_queue'],
        ['net', '_http_response'],
      ] as const) {
        const read = await db
          .schema(schema as 'public')
          .from(table as 'invoices')
          .select('*');
        expect(read.data, `${schema}.${table}`).toBeNull();
        expect(read.error?.code, `${schema}.${table}`).toBe('PGRST106');
      }
      for (const [fn, args] of [
        ['einvoicing_devices', { organization_id: ORG1 }],
        ['einvoicing_save_device', { organization_id: ORG1, device: {} }],
        ['zatca_worker_lease', { organization_id: ORG1, holder: ORG1, seconds: 10 }],
      ] as const) {
        const call = await db.rpc(fn as never, args as never);
        expect(call.data, fn).toBeNull();
        expect(call.error, fn).not.toBeNull();
      }
      const bucket = db.storage.from('einvoices');
      expect((await bucket.list(ORG1)).data ?? []).toEqual([]);
      expect((await bucket.download(`${ORG1}/${signed}.xml`)).data).toBeNull();
      expect((await bucket.createSignedUrl(`${ORG1}/${signed}.xml`, 60)).data).toBeNull();
    }
  });

  it('what staff may read of the e-invoicing (submissions, the overview) carries no secret', async () => {
    const submissions = await owner1.from('einvoicing_submissions').select('*').eq('organization_id', ORG1);
    expect(submissions.error).toBeNull();
    expect(submissions.data!.length).toBeGreaterThan(0);
    const overview = await owner1.rpc('einvoicing_overview' as never);
    expect(overview.error).toBeNull();
    const text = JSON.stringify([submissions.data, overview.data]);
    expect(text).not.toMatch(
      /PRIVATE KEY|private_key|binarySecurityToken|production_secret|compliance_secret|Basic [A-Za-z0-9+/=]{20,}/,
    );
    const { rows } = await stack.db.query<{ token: string; secret: string }>(
      `select production_token as token, production_secret as secret from private.einvoicing_devices
       where organization_id = $1 and status = 'production_csid'`,
      [ORG1],
    );
    expect(rows).toHaveLength(1);
    expect(text).not.toContain(rows[0]!.secret);
    expect(text).not.toContain(rows[0]!.token.slice(0, 40));
  });
});
