/**
 * Settings → Billing in the database (issue 14): prices with their VAT split, downgrade blockers,
 * checkouts and subscription invoices written only by the service role, read only by the
 * organisation's settings.manage holders, and completion that switches the plan once, only for a
 * matching, fresh, paid payment. The seller printed on invoices is the platform's stored details
 * (public.platform_seller), which only the super administrator reads and edits; without them no
 * checkout opens (409 platform_seller_missing).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, DEMO, newStaff, newUser, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let svc: Db;
let owner: Db;
let orgId: string;
let attacker: Db;

/** A fresh Basic organisation owned by a new user. */
async function basicOrganization(): Promise<{ owner: Db; orgId: string; ownerId: string }> {
  const user = await newUser(stack, 'Billing Owner');
  const slug = `billing-${randomUUID().slice(0, 8)}`;
  const { data, error } = await user.client.rpc('create_organization', { name: 'Billing Test Co', slug });
  if (error) throw new Error(error.message);
  const id = typeof data === 'string' ? data : (data as { id: string }).id;
  return { owner: user.client, orgId: id, ownerId: user.id };
}

async function open(org: string, plan: 'basic' | 'advanced' | 'enterprise', cycle = 'monthly') {
  return svc.rpc('open_subscription_checkout', {
    organization_id: org,
    plan,
    billing_cycle: cycle,
    created_by: null as unknown as string,
  });
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  const created = await basicOrganization();
  owner = created.owner;
  orgId = created.orgId;
  attacker = await signInDemo(stack, 'owner2');
});
afterAll(() => stack?.stop());

describe('prices and blockers', () => {
  it('my_billing: plan, usage, SPEC §9 prices with net + VAT = total in halalas', async () => {
    const { data, error } = await owner.rpc('my_billing');
    expect(error).toBeNull();
    const billing = data as Record<string, unknown>;
    expect(billing).toMatchObject({ plan: 'basic', billing_cycle: 'monthly', users_used: 1, users_limit: 1 });
    expect(billing.units_limit).toBe(1);
    expect(billing.can_manage).toBe(true);
    expect(billing.prices).toEqual([
      { plan: 'basic', billing_cycle: 'monthly', total_halalas: 8100, vat_halalas: 1057, net_halalas: 7043 },
      { plan: 'basic', billing_cycle: 'yearly', total_halalas: 89000, vat_halalas: 11609, net_halalas: 77391 },
      { plan: 'advanced', billing_cycle: 'monthly', total_halalas: 11900, vat_halalas: 1552, net_halalas: 10348 },
      { plan: 'advanced', billing_cycle: 'yearly', total_halalas: 130900, vat_halalas: 17074, net_halalas: 113826 },
    ]);
    await expect(anon(stack).rpc('my_billing')).resolves.toMatchObject({ error: expect.anything() });
  });

  it('refuses Enterprise (contact) and the current plan with 409 and stable keys', async () => {
    const enterprise = await open(orgId, 'enterprise');
    expect([enterprise.status, enterprise.error?.hint]).toEqual([409, 'enterprise_contact']);
    const same = await open(orgId, 'basic', 'monthly');
    expect([same.status, same.error?.hint]).toEqual([409, 'plan_unchanged']);
  });

  it('a downgrade the organisation does not fit is refused with what blocks it', async () => {
    const { orgId: org } = await basicOrganization();
    await svc.from('organizations').update({ subscription_plan: 'advanced' }).eq('id', org).throwOnError();
    for (const n of [1, 2]) {
      await svc
        .from('units')
        .insert({ organization_id: org, name: `Blocker unit ${n}`, price_per_night: 100 })
        .throwOnError();
    }
    const refused = await open(org, 'basic');
    expect([refused.status, refused.error?.hint]).toEqual([409, 'plan_downgrade_blocked']);
    expect(JSON.parse(refused.error?.details ?? '[]')).toEqual([{ kind: 'units', used: 2, limit: 1, excess: 1 }]);
  });
});

describe('browser roles cannot write; outsiders read nothing', () => {
  it('the RPCs are the service role’s only', async () => {
    const tried = await owner.rpc('open_subscription_checkout', {
      organization_id: orgId,
      plan: 'advanced',
      billing_cycle: 'monthly',
      created_by: null as unknown as string,
    });
    expect(tried.error).not.toBeNull();
    expect(tried.status).toBeGreaterThanOrEqual(400);
    expect(tried.status).toBeLessThan(500);
    const { count } = await svc
      .from('subscription_checkouts')
      .select('id', { count: 'exact', head: true })
      .eq('organization_id', orgId);
    expect(count).toBe(0);
  });

  it('no insert, update or delete on checkouts or invoices from the browser', async () => {
    const { data: opened } = await open(orgId, 'advanced');
    const checkout = opened as { id: string };
    const insert = await owner.from('subscription_checkouts').insert({
      organization_id: orgId,
      plan: 'advanced',
      billing_cycle: 'monthly',
      previous_plan: 'basic',
      previous_billing_cycle: 'monthly',
      amount_halalas: 1,
    });
    expect(insert.error).not.toBeNull();
    const update = await owner
      .from('subscription_checkouts')
      .update({ status: 'paid', amount_halalas: 1 })
      .eq('id', checkout.id)
      .select();
    expect(update.data ?? []).toEqual([]);
    const invoice = await owner.from('subscription_invoices').insert({
      number: 999,
      organization_id: orgId,
      checkout_id: checkout.id,
      seller_name: 'x',
      seller_name_ar: 'x',
      seller_vat_number: 'x',
      buyer_name: 'x',
      plan: 'advanced',
      billing_cycle: 'monthly',
      period_start: '2026-01-01',
      period_end: '2026-01-31',
      net_halalas: 1,
      vat_halalas: 0,
      total_halalas: 1,
      provider_payment_id: 'x',
      paid_at: new Date().toISOString(),
    });
    expect(invoice.error).not.toBeNull();
    const { data: row } = await svc.from('subscription_checkouts').select('*').eq('id', checkout.id).single();
    expect(row).toMatchObject({ status: 'pending', amount_halalas: 11900 });
    // The owner reads it; another organisation's owner and a member without settings.manage do not.
    expect((await owner.from('subscription_checkouts').select('id').eq('id', checkout.id)).data).toHaveLength(1);
    expect((await attacker.from('subscription_checkouts').select('id').eq('id', checkout.id)).data).toEqual([]);
    // Room for a second user (Basic allows one), then a member without settings.manage.
    await svc.from('organizations').update({ subscription_plan: 'advanced' }).eq('id', orgId).throwOnError();
    const member = await newStaff(stack, { org: orgId, permissions: ['units.read'] });
    expect((await member.client.from('subscription_checkouts').select('id').eq('id', checkout.id)).data).toEqual([]);
    expect((await member.client.rpc('my_billing')).data).toMatchObject({ plan: 'advanced', can_manage: false });
  });
});

describe('complete_subscription_checkout', () => {
  it('a matching paid payment switches the plan once and writes one invoice; repeats change nothing', async () => {
    const { orgId: org, owner: own } = await basicOrganization();
    const { data: opened } = await open(org, 'advanced', 'yearly');
    const id = (opened as { id: string }).id;
    const args = {
      checkout_id: id,
      provider_payment_id: 'pay_test_1',
      payment_status: 'paid',
      amount_halalas: 130900,
      currency: 'SAR',
      metadata_checkout_id: id,
    };
    const first = await svc.rpc('complete_subscription_checkout', args);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: 'paid', provider_payment_id: 'pay_test_1' });
    const again = await svc.rpc('complete_subscription_checkout', { ...args, provider_payment_id: 'pay_other' });
    expect(again.data).toMatchObject({ status: 'paid', provider_payment_id: 'pay_test_1' });
    const { data: organization } = await svc
      .from('organizations')
      .select('subscription_plan, billing_cycle')
      .eq('id', org)
      .single();
    expect(organization).toEqual({ subscription_plan: 'advanced', billing_cycle: 'yearly' });
    const { data: invoices } = await own.from('subscription_invoices').select('*').eq('organization_id', org);
    expect(invoices).toHaveLength(1);
    expect(invoices![0]).toMatchObject({
      net_halalas: 113826,
      vat_halalas: 17074,
      total_halalas: 130900,
      // The platform's stored seller details (the seed's demo row), copied whole at issue time.
      seller_name: 'DEMO Nuzl Platform (not a real company)',
      seller_name_ar: 'منصة نُزل التجريبية (ليست شركة حقيقية)',
      seller_vat_number: '399999999999993',
      seller_commercial_registration: '0000000000',
      seller_address: {
        street: 'Demo Street',
        building_number: '0000',
        district: 'Demo District',
        city: 'Riyadh',
        region: 'Riyadh Region',
        postal_code: '00000',
      },
      buyer_name: 'Billing Test Co',
      plan: 'advanced',
      billing_cycle: 'yearly',
    });
    expect((await attacker.from('subscription_invoices').select('id').eq('organization_id', org)).data).toEqual([]);
  });

  it('refuses a mismatched amount, currency or metadata (409) and leaves the plan alone', async () => {
    const { orgId: org } = await basicOrganization();
    const { data: opened } = await open(org, 'advanced');
    const id = (opened as { id: string }).id;
    const good = {
      checkout_id: id,
      provider_payment_id: 'pay_x',
      payment_status: 'paid',
      amount_halalas: 11900,
      currency: 'SAR',
      metadata_checkout_id: id,
    };
    for (const forged of [{ amount_halalas: 100 }, { currency: 'USD' }, { metadata_checkout_id: randomUUID() }]) {
      const refused = await svc.rpc('complete_subscription_checkout', { ...good, ...forged });
      expect([refused.status, refused.error?.hint]).toEqual([409, 'checkout_mismatch']);
    }
    const { data: organization } = await svc.from('organizations').select('subscription_plan').eq('id', org).single();
    expect(organization?.subscription_plan).toBe('basic');
  });

  it('a declined payment marks the checkout failed; a stale checkout is refused', async () => {
    const { orgId: org } = await basicOrganization();
    const { data: a } = await open(org, 'advanced');
    const { data: b } = await open(org, 'advanced', 'yearly');
    const failed = await svc.rpc('complete_subscription_checkout', {
      checkout_id: (a as { id: string }).id,
      provider_payment_id: 'pay_declined',
      payment_status: 'failed',
      amount_halalas: 11900,
      currency: 'SAR',
      metadata_checkout_id: (a as { id: string }).id,
      failure_reason: 'DECLINED',
    });
    expect(failed.data).toMatchObject({ status: 'failed', failure_reason: 'DECLINED' });
    await svc.from('organizations').update({ subscription_plan: 'advanced' }).eq('id', org).throwOnError();
    const bId = (b as { id: string }).id;
    const stale = await svc.rpc('complete_subscription_checkout', {
      checkout_id: bId,
      provider_payment_id: 'pay_late',
      payment_status: 'paid',
      amount_halalas: 130900,
      currency: 'SAR',
      metadata_checkout_id: bId,
    });
    expect([stale.status, stale.error?.hint]).toEqual([409, 'checkout_stale']);
  });
});

describe('the platform as seller (public.platform_seller)', () => {
  const SELLER = {
    legal_name_en: 'Nuzl Test Platform LLC',
    legal_name_ar: 'شركة منصة نزل للاختبار',
    vat_number: '311111111111113',
    commercial_registration: '1010101010',
    address_street: 'King Fahd Road',
    address_building_number: '1234',
    address_additional_number: null,
    address_district: 'Al Olaya',
    address_city: 'Riyadh',
    address_region: null,
    address_postal_code: '12345',
  };

  it('only the super administrator reads and edits it; every change is audit-logged', async () => {
    const superAdmin = await signInDemo(stack, 'superAdmin');
    const { data: row } = await superAdmin.from('platform_seller').select('*').single();
    expect(row).toMatchObject({ vat_number: '399999999999993', legal_name_en: expect.stringMatching(/^DEMO/) });
    // Owners, other staff and visitors see nothing and change nothing.
    expect((await owner.from('platform_seller').select('*')).data).toEqual([]);
    expect((await attacker.from('platform_seller').select('*')).data).toEqual([]);
    expect((await anon(stack).from('platform_seller').select('*')).error).not.toBeNull();
    const hijack = await attacker
      .from('platform_seller')
      .update({ vat_number: '300000000000003' })
      .eq('id', true)
      .select();
    expect(hijack.data ?? []).toEqual([]);
    const inserted = await attacker.from('platform_seller').upsert({ id: true, ...SELLER });
    expect(inserted.error).not.toBeNull();
    // The database holds the form's rules: a VAT number not 3…3 of 15 digits is refused (4xx).
    const invalid = await superAdmin.from('platform_seller').update({ vat_number: '123' }).eq('id', true);
    expect(invalid.status).toBeGreaterThanOrEqual(400);
    expect(invalid.status).toBeLessThan(500);
    const saved = await superAdmin
      .from('platform_seller')
      .upsert({ id: true, ...SELLER })
      .select('*')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ ...SELLER, updated_by: DEMO.superAdmin.id });
    const { data: audit } = await svc
      .from('audit_log')
      .select('actor_id, action, after')
      .eq('table_name', 'platform_seller')
      .eq('actor_id', DEMO.superAdmin.id);
    expect(audit?.map((e) => [e.action, (e.after as { vat_number?: string }).vat_number])).toContainEqual([
      'update',
      '311111111111113',
    ]);
    expect((await svc.from('platform_seller').select('vat_number').single()).data?.vat_number).toBe('311111111111113');
  });

  it('without the details no checkout opens (409 platform_seller_missing)', async () => {
    const { data: kept } = await svc.from('platform_seller').select('*').single();
    await svc.from('platform_seller').delete().eq('id', true).throwOnError();
    try {
      const { orgId: org } = await basicOrganization();
      const refused = await open(org, 'advanced');
      expect([refused.status, refused.error?.hint]).toEqual([409, 'platform_seller_missing']);
      const { count } = await svc
        .from('subscription_checkouts')
        .select('id', { count: 'exact', head: true })
        .eq('organization_id', org);
      expect(count).toBe(0);
    } finally {
      await svc.from('platform_seller').insert(kept!).throwOnError();
    }
  });
});

describe('refunds of payments that cannot be applied (record_subscription_checkout_refund)', () => {
  async function staleCheckout() {
    const created = await basicOrganization();
    const { data } = await open(created.orgId, 'advanced');
    return { ...created, id: (data as { id: string }).id };
  }
  const record = (args: {
    checkout_id: string;
    reason: string;
    refunded_halalas?: number;
    refund_error?: string;
    provider_payment_id?: string;
  }) => svc.rpc('record_subscription_checkout_refund', { provider_payment_id: 'pay_refund', ...args });

  it('a failed refund leaves it refund_pending (seen by the super administrator); the retry marks it refunded once', async () => {
    const { id, owner: own } = await staleCheckout();
    const failed = await record({
      checkout_id: id,
      reason: 'checkout_stale',
      refund_error: 'api_error: Service Unavailable',
    });
    expect(failed.error).toBeNull();
    expect(failed.data).toMatchObject({
      status: 'refund_pending',
      refund_reason: 'checkout_stale',
      refund_error: 'api_error: Service Unavailable',
      refund_attempts: 1,
      refunded_at: null,
    });
    // The payer's administrators read it (the tab explains it); so does the super administrator (health).
    expect((await own.from('subscription_checkouts').select('status').eq('id', id).single()).data?.status).toBe(
      'refund_pending',
    );
    const superAdmin = await signInDemo(stack, 'superAdmin');
    const pending = await superAdmin
      .from('subscription_checkouts')
      .select('id, refund_error, organizations(name)')
      .eq('status', 'refund_pending');
    expect(pending.data?.map((row) => row.id)).toContain(id);
    expect((await attacker.from('subscription_checkouts').select('id').eq('id', id)).data).toEqual([]);

    const refunded = await record({ checkout_id: id, reason: 'checkout_stale', refunded_halalas: 11900 });
    expect(refunded.data).toMatchObject({
      status: 'refunded',
      refund_reason: 'checkout_stale',
      refunded_halalas: 11900,
      refund_error: null,
      refund_attempts: 2,
      refunded_at: expect.any(String),
    });
    // A second notice (callback after webhook) changes nothing, whatever it claims.
    const again = await record({ checkout_id: id, reason: 'checkout_mismatch', refunded_halalas: 100 });
    expect(again.data).toMatchObject({ status: 'refunded', refund_reason: 'checkout_stale', refunded_halalas: 11900 });
    // Completing a refunded checkout is refused as stale/mismatch would be, never applied.
    const { data: invoices } = await svc.from('subscription_invoices').select('id').eq('checkout_id', id);
    expect(invoices).toEqual([]);
  });

  it('never refunds a paid checkout; rejects unknown reasons; only the service role may call it', async () => {
    const { id, orgId: org } = await staleCheckout();
    const paid = await svc.rpc('complete_subscription_checkout', {
      checkout_id: id,
      provider_payment_id: 'pay_ok',
      payment_status: 'paid',
      amount_halalas: 11900,
      currency: 'SAR',
      metadata_checkout_id: id,
    });
    expect(paid.data).toMatchObject({ status: 'paid' });
    const refused = await record({ checkout_id: id, reason: 'checkout_stale', refunded_halalas: 11900 });
    expect([refused.status, refused.error?.hint]).toEqual([409, 'checkout_paid']);
    const { data: other } = await open(org, 'advanced', 'yearly');
    const bad = await record({ checkout_id: (other as { id: string }).id, reason: 'changed_my_mind' });
    expect([bad.status, bad.error?.hint]).toEqual([400, 'invalid_input']);
    for (const caller of [owner, attacker, anon(stack)]) {
      const denied = await caller.rpc('record_subscription_checkout_refund', {
        checkout_id: id,
        provider_payment_id: 'x',
        reason: 'checkout_stale',
        refunded_halalas: 1,
      });
      expect(denied.error).not.toBeNull();
    }
    // The status set is checked by the table: a refunded state needs its reason and amount.
    const forged = await svc
      .from('subscription_checkouts')
      .update({ status: 'refunded' })
      .eq('id', (other as { id: string }).id);
    expect(forged.error?.code).toBe('23514');
  });
});
