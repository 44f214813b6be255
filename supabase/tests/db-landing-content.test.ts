/**
 * The landing page's database side (issue 12):
 *
 * - testimonials: visitors and signed-in people read published ones only; the super
 *   administrator reads drafts and is the only writer; publishing needs the quoted person's
 *   recorded permission;
 * - submit_contact_request(): open to visitors, each refusal a stable 4xx with its key, limited
 *   per client address (5 a day) and per phone or e-mail (3 a day, 429); the messages are read by
 *   the super administrator only, who may mark them handled and nothing else;
 * - the operator's e-mail: the insert's trigger calls the contact-notify function (pg_net after
 *   commit), which sends through the e-mail sandbox into the local outbox and stamps notified_at.
 *
 * Visitors at different addresses connect from different loopback addresses (fetchFrom).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { ORG1, service, signInDemo, typed, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let superAdmin: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  superAdmin = await signInDemo(stack, 'superAdmin');
  svc = service(stack);
});
afterAll(() => stack?.stop());

let addressSeq = 0;
/** A loopback address no other visitor of this file uses. */
const freshAddress = () => `127.0.${60 + Math.floor(addressSeq / 250)}.${2 + (addressSeq++ % 250)}`;

function visitorAt(address: string = freshAddress()): Db {
  return typed(
    createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchFrom(address) },
    }),
  );
}

let contactSeq = 0;
const freshPhone = () => `+9665${String(81_000_000 + contactSeq++).padStart(8, '0')}`;
const freshEmail = () => `visitor-${contactSeq++}@example.com`;

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sara Al-Dosari',
    message: 'We manage 14 apartments in Riyadh. Can we move our calendar over?',
    consent: true,
    phone: freshPhone(),
    language: 'en',
    ...overrides,
  };
}

function refusal(answer: { status: number; error: { code?: string; hint?: string | null } | null }) {
  return { status: answer.status, code: answer.error?.code, hint: answer.error?.hint };
}

describe('testimonials', () => {
  it('visitors and signed-in staff read published testimonials only', async () => {
    for (const reader of [visitorAt(), owner1]) {
      const { data, error } = await reader.from('testimonials').select('id, author_name, language, is_published');
      expect(error).toBeNull();
      expect(data!.length).toBe(3);
      expect(data!.every((row) => row.is_published)).toBe(true);
    }
  });

  it('the super administrator reads drafts too', async () => {
    const { data } = await superAdmin.from('testimonials').select('id, is_published');
    expect(data!.map((row) => row.is_published).sort()).toEqual([false, true, true, true]);
  });

  it('visitors and staff write nothing', async () => {
    const row = {
      author_name: 'Forged',
      quote: 'Best app ever',
      language: 'en',
      permission_at: new Date().toISOString(),
    };
    const anonInsert = await visitorAt().from('testimonials').insert(row);
    expect(anonInsert.error?.code).toBe('42501');
    const staffInsert = await owner1.from('testimonials').insert({ ...row, organization_id: ORG1 });
    expect(staffInsert.error?.code).toBe('42501');
    const staffUpdate = await owner1
      .from('testimonials')
      .update({ quote: 'Changed' })
      .eq('organization_id', ORG1)
      .select();
    expect(staffUpdate.data ?? []).toEqual([]);
    const staffDelete = await owner1.from('testimonials').delete().eq('organization_id', ORG1).select();
    expect(staffDelete.data ?? []).toEqual([]);
    const anonUpdate = await visitorAt().from('testimonials').update({ quote: 'Changed' }).eq('organization_id', ORG1);
    expect(anonUpdate.error?.code).toBe('42501');
    const { count } = await svc.from('testimonials').select('id', { count: 'exact', head: true });
    expect(count).toBe(4);
  });

  it('the super administrator adds, publishes (with permission only), unpublishes and deletes', async () => {
    const created = await superAdmin
      .from('testimonials')
      .insert({ author_name: 'Huda', author_role: 'Host, Abha', quote: 'نظام واضح وسهل.', language: 'ar' })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data!.is_published).toBe(false);
    const id = created.data!.id;

    const withoutPermission = await superAdmin.from('testimonials').update({ is_published: true }).eq('id', id);
    expect(withoutPermission.error?.code).toBe('23514');

    const published = await superAdmin
      .from('testimonials')
      .update({ is_published: true, permission_at: new Date().toISOString() })
      .eq('id', id)
      .select()
      .single();
    expect(published.data!.published_at).not.toBeNull();
    expect((await visitorAt().from('testimonials').select('id').eq('id', id)).data).toHaveLength(1);

    const hidden = await superAdmin.from('testimonials').update({ is_published: false }).eq('id', id).select().single();
    expect(hidden.data!.published_at).toBeNull();
    expect((await visitorAt().from('testimonials').select('id').eq('id', id)).data).toEqual([]);

    const removed = await superAdmin.from('testimonials').delete().eq('id', id).select();
    expect(removed.data).toHaveLength(1);
  });
});

describe('submit_contact_request', () => {
  it('stores a visitor’s message; only the super administrator reads it, and may only mark it handled', async () => {
    const visitor = visitorAt();
    const sent = await visitor.rpc('submit_contact_request', message({ email: '  Sara@Example.COM ' }));
    expect(sent.error).toBeNull();
    const id = (sent.data as { id: string }).id;

    expect((await visitor.from('contact_requests').select('id')).error?.code).toBe('42501');
    expect((await owner1.from('contact_requests').select('id')).data).toEqual([]);
    const direct = await visitor.from('contact_requests').insert({
      name: 'x',
      message: 'y',
      phone: freshPhone(),
      consent_at: new Date().toISOString(),
    });
    expect(direct.error?.code).toBe('42501');

    const read = await superAdmin.from('contact_requests').select('*').eq('id', id).single();
    expect(read.data).toMatchObject({ name: 'Sara Al-Dosari', email: 'sara@example.com', language: 'en' });
    expect(read.data!.consent_at).not.toBeNull();

    const handled = await superAdmin
      .from('contact_requests')
      .update({ handled_at: new Date().toISOString() })
      .eq('id', id)
      .select('handled_at')
      .single();
    expect(handled.data!.handled_at).not.toBeNull();
    const rewrite = await superAdmin.from('contact_requests').update({ message: 'Changed' }).eq('id', id);
    expect(rewrite.error?.code).toBe('42501');
    const staffHandled = await owner1.from('contact_requests').update({ handled_at: null }).eq('id', id).select();
    expect(staffHandled.data ?? []).toEqual([]);
  });

  it('signed-in people may use the form too', async () => {
    const sent = await owner1.rpc('submit_contact_request', message());
    expect(sent.error).toBeNull();
  });

  it.each([
    ['a blank name', { name: '  ' }, 400, '23502', 'field_required'],
    ['a blank message', { message: '' }, 400, '23502', 'field_required'],
    ['neither phone nor e-mail', { phone: null, email: ' ' }, 400, '22023', 'contact_required'],
    ['a malformed e-mail', { email: 'sara@' }, 400, '22023', 'email_invalid'],
    ['a phone not in E.164', { phone: '0501234567' }, 400, '22023', 'phone_invalid'],
    ['no consent', { consent: false }, 400, '22023', 'consent_required'],
    ['a message over 4000 characters', { message: 'x'.repeat(4001) }, 400, '22001', 'input_too_long'],
  ])('refuses %s', async (_, overrides, status, code, hint) => {
    const answer = await visitorAt().rpc('submit_contact_request', message(overrides));
    expect(refusal(answer)).toEqual({ status, code, hint });
  });

  it('limits one phone or e-mail to 3 messages a day, whatever address sends them', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i += 1) {
      const sent = await visitorAt().rpc('submit_contact_request', message({ phone }));
      expect(sent.error).toBeNull();
    }
    const fourth = await visitorAt().rpc('submit_contact_request', message({ phone }));
    expect(refusal(fourth)).toEqual({ status: 429, code: 'PT429', hint: 'contact_limit_contact' });

    const email = freshEmail();
    for (let i = 0; i < 3; i += 1) {
      await visitorAt().rpc('submit_contact_request', message({ phone: null, email }));
    }
    const shouted = await visitorAt().rpc(
      'submit_contact_request',
      message({ phone: null, email: email.toUpperCase() }),
    );
    expect(refusal(shouted)).toEqual({ status: 429, code: 'PT429', hint: 'contact_limit_contact' });
  });

  it('limits one client address to 5 messages a day; another address is not affected', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const sent = await visitorAt(address).rpc('submit_contact_request', message());
      expect(sent.error).toBeNull();
    }
    const sixth = await visitorAt(address).rpc('submit_contact_request', message());
    expect(refusal(sixth)).toEqual({ status: 429, code: 'PT429', hint: 'contact_limit_address' });
    // Forwarding headers a client sends do not move it into a fresh bucket.
    const spoofed = typed(
      createClient(stack.apiUrl, stack.anonKey, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
        global: {
          fetch: fetchFrom(address),
          headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
        },
      }),
    );
    const again = await spoofed.rpc('submit_contact_request', message());
    expect(refusal(again)).toEqual({ status: 429, code: 'PT429', hint: 'contact_limit_address' });
    expect((await visitorAt().rpc('submit_contact_request', message())).error).toBeNull();
  });
});

describe('contact-form messages are kept a year at most', () => {
  it('the daily job deletes older messages and keeps the others', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.contact_requests (name, email, message, consent_at, created_at)
       values ('Old visitor', 'old@example.com', 'Last year', now() - interval '400 days', now() - interval '400 days'),
              ('Recent visitor', 'recent@example.com', 'Last month', now() - interval '30 days', now() - interval '30 days')
       returning id`,
    );
    const [old, recent] = rows.map((row) => row.id);
    const { rows: jobs } = await stack.db.query<{ schedule: string; command: string }>(
      `select schedule, command from cron.job where jobname = 'nuzl-purge-contact-requests'`,
    );
    expect(jobs).toEqual([{ schedule: '17 0 * * *', command: 'select private.purge_contact_requests()' }]);
    await stack.db.query(jobs[0]!.command);
    const left = await svc.from('contact_requests').select('id').in('id', [old!, recent!]);
    expect(left.data).toEqual([{ id: recent }]);
    await stack.jobs.net.settle();
  });
});

describe('the operator hears of each message', () => {
  it('e-mails the operator through the outbox and stamps notified_at', async () => {
    await stack.jobs.net.settle();
    stack.stack.outbox.clear();
    const sent = await visitorAt().rpc(
      'submit_contact_request',
      message({
        name: 'Majed Operator-Test',
        email: 'majed@example.com',
        message: 'نريد خطة المؤسسات لعشرين وحدة.',
        language: 'ar',
      }),
    );
    const id = (sent.data as { id: string }).id;
    await stack.jobs.net.settle();

    const mails = stack.stack.outbox.list().filter((m) => m.to === 'operator@nuzl.local');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', kind: 'contact_request' });
    expect(mails[0]!.subject).toContain('Majed Operator-Test');
    expect(mails[0]!.body).toContain('نريد خطة المؤسسات لعشرين وحدة.');
    expect(mails[0]!.body).toContain('Reply-To: majed@example.com');
    expect(mails[0]!.body).toContain(id);

    const row = await svc.from('contact_requests').select('notified_at').eq('id', id).single();
    expect(row.data!.notified_at).not.toBeNull();
  });

  it('the function answers only the service role, and sends a message once', async () => {
    const { data } = await svc.from('contact_requests').select('id').not('notified_at', 'is', null).limit(1).single();
    const call = (key: string) =>
      fetch(`${stack.apiUrl}/functions/v1/contact-notify`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: data!.id }),
      });
    expect((await call(stack.anonKey)).status).toBe(401);
    const before = stack.stack.outbox.list().length;
    const again = await call(stack.serviceRoleKey);
    expect(await again.json()).toEqual({ status: 'already_notified' });
    expect(stack.stack.outbox.list().length).toBe(before);
  });
});
