/**
 * The super-administrator console (issue 14) and suspended organisations, through supabase-js as
 * the super administrator, the owner and a member of org 1, the owner of org 2 (the other tenant)
 * and a visitor.
 *
 * Every admin_* function answers anyone without the claim as a missing page (404 not_found). The
 * organisations list searches and sorts on the server; a plan change is audited and effective
 * (the plan's limits apply at once); a suspended organisation's staff read and write nothing but
 * can read why, its public page is gone, its public requests, quotes and API keys are refused
 * with 403 organization_suspended; reactivating restores all of it.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, anon, day, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let admin: Db;
let owner1: Db;
let member1: Db;
let owner2: Db;
let visitor: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  admin = await signInDemo(stack, 'superAdmin');
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  owner2 = await signInDemo(stack, 'owner2');
  visitor = anon(stack);
  svc = service(stack);
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface OrgRow {
  id: string;
  slug: string;
  plan: string;
  status: string;
  units: number;
  users: number;
  bookings_30d: number;
  created_at: string;
  owner_phone: string | null;
}
interface OrgList {
  total: number;
  rows: OrgRow[];
}

async function list(args: Record<string, unknown> = {}): Promise<OrgList> {
  const { data, error } = await admin.rpc('admin_organizations', args);
  if (error) throw new Error(error.message);
  return data as unknown as OrgList;
}

const refusal = (result: { status: number; error: { code?: string; hint?: string | null } | null }) => ({
  status: result.status,
  code: result.error?.code,
  hint: result.error?.hint,
});

/** A call of every console function, as `who`. */
function everyCall(who: Db) {
  return [
    who.rpc('admin_organizations', {}),
    who.rpc('admin_organization', { organization_id: ORG1 }),
    who.rpc('admin_set_organization_plan', { organization_id: ORG1, plan: 'basic', billing_cycle: 'monthly' }),
    who.rpc('admin_suspend_organization', { organization_id: ORG1, reason: 'test' }),
    who.rpc('admin_reactivate_organization', { organization_id: ORG1 }),
    who.rpc('admin_platform_health'),
    who.rpc('admin_audit_log', {}),
  ];
}

describe('only the super administrator reaches the console', () => {
  it('owner, member, the other tenant and a visitor get 404 not_found from every function, and change nothing', async () => {
    for (const who of [owner1, member1, owner2]) {
      for (const answer of await Promise.all(everyCall(who))) {
        expect(refusal(answer)).toEqual({ status: 404, code: 'PT404', hint: 'not_found' });
      }
    }
    // Visitors may not even execute them (no grant to anon).
    for (const answer of await Promise.all(everyCall(visitor))) {
      expect(answer.error).not.toBeNull();
      expect(answer.data).toBeNull();
    }
    const { data } = await svc.from('organizations').select('subscription_plan, suspended_at').eq('id', ORG1).single();
    expect(data).toEqual({ subscription_plan: 'enterprise', suspended_at: null });
  });

  it('an owner cannot suspend or re-plan their own organisation through the table either', async () => {
    const suspend = await owner1
      .from('organizations')
      .update({ suspended_at: new Date().toISOString(), suspended_reason: 'self' })
      .eq('id', ORG1)
      .select();
    expect(refusal(suspend)).toMatchObject({ code: '42501', hint: 'suspension_change_forbidden' });
    const plan = await owner1.from('organizations').update({ subscription_plan: 'basic' }).eq('id', ORG1).select();
    expect(refusal(plan)).toMatchObject({ code: '42501', hint: 'plan_change_forbidden' });
  });
});

describe('organisations list', () => {
  it('lists every organisation with its counts', async () => {
    const all = await list({ page_limit: 100 });
    const { count } = await svc.from('organizations').select('*', { count: 'exact', head: true });
    expect(all.total).toBe(count);
    const demo = all.rows.find((r) => r.id === ORG1)!;
    const { count: units } = await svc
      .from('units')
      .select('*', { count: 'exact', head: true })
      .eq('organization_id', ORG1);
    expect(demo).toMatchObject({ slug: 'demo', status: 'active', units, owner_phone: DEMO.owner1.phone });
    expect(all.rows.find((r) => r.id === ORG2)).toMatchObject({ slug: 'second', plan: 'advanced', units: 2 });
  });

  it('searches by name, Arabic name, slug and owner phone', async () => {
    for (const search of ['Second Hom', 'البيوت الثانية', 'secon', '0500000002', '+966500000002']) {
      const found = await list({ search });
      expect(
        found.rows.map((r) => r.id),
        search,
      ).toEqual([ORG2]);
      expect(found.total).toBe(1);
    }
    expect((await list({ search: 'no-such-organisation-anywhere' })).total).toBe(0);
  });

  it('sorts by units, plan and created in both directions, and pages', async () => {
    const byUnits = await list({ sort: 'units', direction: 'desc', page_limit: 100 });
    const units = byUnits.rows.map((r) => r.units);
    expect(units).toEqual([...units].sort((a, b) => b - a));
    expect(byUnits.rows[0]!.id).toBe(ORG1);
    const ascUnits = await list({ sort: 'units', direction: 'asc', page_limit: 100 });
    expect(ascUnits.rows.map((r) => r.units)).toEqual([...units].sort((a, b) => a - b));

    const order = ['basic', 'advanced', 'enterprise'];
    const plans = (await list({ sort: 'plan', direction: 'asc', page_limit: 100 })).rows.map((r) =>
      order.indexOf(r.plan),
    );
    expect(plans).toEqual([...plans].sort((a, b) => a - b));

    const created = (await list({ sort: 'created', direction: 'asc', page_limit: 100 })).rows.map((r) => r.created_at);
    expect(created).toEqual([...created].sort());

    const first = await list({ sort: 'units', direction: 'desc', page_limit: 1 });
    const second = await list({ sort: 'units', direction: 'desc', page_limit: 1, page_offset: 1 });
    expect(first.rows).toHaveLength(1);
    expect(second.rows[0]!.id).toBe(byUnits.rows[1]!.id);
    expect(first.total).toBe(byUnits.total);
  });

  it('refuses an unknown sort with 400', async () => {
    const answer = await admin.rpc('admin_organizations', { sort: 'password' });
    expect(refusal(answer)).toEqual({ status: 400, code: '22023', hint: 'admin_sort_invalid' });
  });
});

describe('organisation detail, plan change and audit', () => {
  it('shows usage against the plan and every plan’s limits', async () => {
    const { data, error } = await admin.rpc('admin_organization', { organization_id: ORG2 });
    expect(error).toBeNull();
    const detail = data as unknown as {
      organization: { slug: string; plan: string; status: string };
      owner: { phone: string };
      usage: { units: number; users: number };
      limits: { units: number | null; users: number | null };
      plans: Record<string, { units: number | null; users: number | null }>;
    };
    expect(detail.organization).toMatchObject({ slug: 'second', plan: 'advanced', status: 'active' });
    expect(detail.owner.phone).toBe(DEMO.owner2.phone);
    expect(detail.usage.units).toBe(2);
    expect(detail.limits).toEqual({ units: 2, users: null });
    expect(detail.plans.basic).toEqual({ units: 1, users: 1 });
    expect(detail.plans.enterprise).toEqual({ units: null, users: null });
    const missing = await admin.rpc('admin_organization', { organization_id: '20000000-0000-4000-8000-0000000000ff' });
    expect(refusal(missing)).toEqual({ status: 404, code: 'PT404', hint: 'organization_not_found' });
  });

  it('a plan change is effective at once (limits) and audited with the super administrator as actor', async () => {
    const changed = await admin.rpc('admin_set_organization_plan', {
      organization_id: ORG2,
      plan: 'basic',
      billing_cycle: 'yearly',
    });
    expect(changed.error).toBeNull();
    expect((changed.data as { organization: { plan: string } }).organization.plan).toBe('basic');
    const { data: row } = await svc
      .from('organizations')
      .select('subscription_plan, billing_cycle')
      .eq('id', ORG2)
      .single();
    expect(row).toEqual({ subscription_plan: 'basic', billing_cycle: 'yearly' });
    // Basic allows one unit: org 2 has two, so a third is refused now.
    const unit = await owner2
      .from('units')
      .insert({ organization_id: ORG2, name: 'Over the limit', type: 'apartment', price_per_night: 100, max_guests: 2 })
      .select();
    expect(unit.error?.hint).toBe('plan_limit_units');

    const audit = await admin.rpc('admin_audit_log', { organization_id: ORG2, table_name: 'organizations' });
    const entry = (audit.data as { rows: Array<Record<string, unknown>> }).rows[0]!;
    expect(entry).toMatchObject({
      action: 'update',
      actor_id: DEMO.superAdmin.id,
      organization_id: ORG2,
      organization_name: 'Second Homes',
      organization_name_ar: 'البيوت الثانية',
    });
    expect((entry.before as { subscription_plan: string }).subscription_plan).toBe('advanced');
    expect((entry.after as { subscription_plan: string }).subscription_plan).toBe('basic');

    const restored = await admin.rpc('admin_set_organization_plan', {
      organization_id: ORG2,
      plan: 'advanced',
      billing_cycle: 'monthly',
    });
    expect(restored.error).toBeNull();
    const bad = await admin.rpc('admin_set_organization_plan', {
      organization_id: ORG2,
      plan: 'advanced',
      billing_cycle: 'weekly',
    });
    expect(refusal(bad)).toEqual({ status: 400, code: '22023', hint: 'plan_invalid' });
  });

  it('the audit log filters across tenants by organisation, table, action and dates', async () => {
    const all = (await admin.rpc('admin_audit_log', { page_limit: 200 })).data as {
      total: number;
      rows: Array<{ organization_id: string; table_name: string; action: string; created_at: string }>;
      tables: string[];
    };
    expect(all.total).toBeGreaterThan(0);
    expect(new Set(all.rows.map((r) => r.organization_id))).toContain(ORG2);
    expect(all.tables).toContain('organizations');
    const updates = (await admin.rpc('admin_audit_log', { table_name: 'organizations', action: 'update' })).data as {
      rows: Array<{ table_name: string; action: string }>;
    };
    expect(updates.rows.length).toBeGreaterThan(0);
    expect(updates.rows.every((r) => r.table_name === 'organizations' && r.action === 'update')).toBe(true);
    const future = (await admin.rpc('admin_audit_log', { from_at: '2999-01-01T00:00:00Z' })).data as { total: number };
    expect(future.total).toBe(0);
    const bad = await admin.rpc('admin_audit_log', { action: 'drop' });
    expect(refusal(bad)).toEqual({ status: 400, code: '22023', hint: 'audit_filter_invalid' });
  });

  it('platform health reports the queues and row counts', async () => {
    const { data, error } = await admin.rpc('admin_platform_health');
    expect(error).toBeNull();
    const health = data as {
      queues: Array<{ key: string; count: number }>;
      database: { rows: Record<string, number> };
    };
    expect(health.queues.map((q) => q.key)).toEqual([
      'guest_notices_pending',
      'guest_notices_failed',
      'zatca_pending',
      'zatca_rejected',
      'invitation_emails_failed',
      'invitation_emails_unconfirmed',
    ]);
    const { count } = await svc.from('units').select('*', { count: 'exact', head: true });
    expect(health.database.rows.units).toBe(count);
  });
});

describe('testimonials', () => {
  it('the super administrator writes them (audited); an owner cannot', async () => {
    const made = await admin
      .from('testimonials')
      .insert({ author_name: 'Console Test', quote: 'Works well.', language: 'en', sort_order: 9 })
      .select('id')
      .single();
    expect(made.error).toBeNull();
    const id = made.data!.id;
    const published = await admin
      .from('testimonials')
      .update({ permission_at: new Date().toISOString(), is_published: true })
      .eq('id', id)
      .select('is_published, published_at')
      .single();
    expect(published.data?.is_published).toBe(true);
    expect(published.data?.published_at).not.toBeNull();
    const denied = await owner1.from('testimonials').update({ quote: 'Hacked' }).eq('id', id).select();
    expect(denied.data ?? []).toEqual([]);
    await admin.from('testimonials').delete().eq('id', id).throwOnError();
    const audit = (await admin.rpc('admin_audit_log', { table_name: 'testimonials' })).data as {
      rows: Array<{ action: string; actor_id: string; record_id: string }>;
    };
    const mine = audit.rows.filter((r) => r.record_id === id);
    expect(mine.map((r) => r.action)).toEqual(['delete', 'update', 'insert']);
    expect(mine.every((r) => r.actor_id === DEMO.superAdmin.id)).toBe(true);
  });
});

describe('a suspended organisation', () => {
  it('requires a reason', async () => {
    const answer = await admin.rpc('admin_suspend_organization', { organization_id: ORG2, reason: '  ' });
    expect(refusal(answer)).toEqual({ status: 400, code: '22023', hint: 'suspension_reason_required' });
  });

  it('is off for its staff, its public page, its requests, quotes and API keys; reactivation restores all', async () => {
    const made = await owner2.rpc('create_api_key', { key_name: 'Suspension test' });
    expect(made.error).toBeNull();
    const key = made.data![0]!.key;
    const request = {
      slug: 'second',
      unit_id: unitId(13),
      check_in: day(210),
      check_out: day(211),
      guests_count: 1,
      guest_name: 'Suspended Guest',
      guest_phone: '+966512349977',
      national_id: '1012345678',
    };
    const quote = { slug: 'second', unit_id: unitId(13), check_in: day(220), check_out: day(221), guests: 1 };
    // Before: everything works.
    expect((await visitor.rpc('public_site_page', { p_slug: 'second' })).data).not.toBeNull();
    expect((await svc.rpc('api_authenticate', { key_hash: sha256(key) })).error).toBeNull();
    expect((await owner2.from('units').select('id')).data).toHaveLength(2);

    const suspended = await admin.rpc('admin_suspend_organization', {
      organization_id: ORG2,
      reason: 'Unpaid invoices',
    });
    expect(suspended.error).toBeNull();
    expect((suspended.data as { organization: { status: string } }).organization.status).toBe('suspended');
    const again = await admin.rpc('admin_suspend_organization', { organization_id: ORG2, reason: 'Twice' });
    expect(refusal(again)).toEqual({ status: 409, code: 'PT409', hint: 'organization_already_suspended' });

    // The public page is off, as for an unknown site; its units and reviews are not public.
    expect((await visitor.rpc('public_site_page', { p_slug: 'second' })).data).toBeNull();
    expect((await visitor.from('public_sites').select('id').eq('slug', 'second')).data).toEqual([]);
    expect((await visitor.from('units').select('id').eq('organization_id', ORG2)).data).toEqual([]);
    // Requests, quotes and API keys: 403 organization_suspended.
    const suspendedAnswer = { status: 403, code: 'PT403', hint: 'organization_suspended' };
    expect(refusal(await visitor.rpc('request_booking', request))).toEqual(suspendedAnswer);
    expect(refusal(await visitor.rpc('public_booking_quote', quote))).toEqual(suspendedAnswer);
    expect(refusal(await svc.rpc('api_authenticate', { key_hash: sha256(key) }))).toEqual(suspendedAnswer);
    expect(refusal(await svc.rpc('api_units', { key_hash: sha256(key) }))).toEqual(suspendedAnswer);
    // Its staff read nothing of it (but their own profile and role rows) and write nothing…
    const { rows: orgTables } = await stack.db.query<{ name: string }>(`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'v') and has_table_privilege('authenticated', c.oid, 'select')
      order by 1`);
    expect(orgTables.length).toBeGreaterThan(20);
    const seen: Record<string, number> = {};
    for (const { name } of orgTables) {
      const { count } = await owner2
        .from(name as 'units')
        .select('*', { count: 'exact', head: true })
        .eq('organization_id', ORG2);
      if (count) seen[name] = count;
    }
    // The landing page's published testimonial quoting it is public, as for every visitor.
    expect(seen).toEqual({ profiles: 1, user_roles: 1, testimonials: 1 });
    const { count: published } = await visitor
      .from('testimonials')
      .select('*', { count: 'exact', head: true })
      .eq('organization_id', ORG2);
    expect(published).toBe(1);
    expect((await owner2.from('units').select('id')).data).toEqual([]);
    expect((await owner2.from('organizations').select('id')).data).toEqual([]);
    const write = await owner2.from('units').update({ name: 'Renamed while suspended' }).eq('id', unitId(13)).select();
    expect(write.data ?? []).toEqual([]);
    const booking = await owner2
      .from('bookings')
      .insert({
        organization_id: ORG2,
        unit_id: unitId(13),
        check_in: day(230),
        check_out: day(231),
        guests_count: 1,
      } as never)
      .select();
    // Refused as an outsider's row is (tenancy_first, 42501): they are no longer in an organisation.
    expect(booking.error?.code).toBe('42501');
    expect(booking.data).toBeNull();
    const { data: unit } = await svc.from('units').select('name').eq('id', unitId(13)).single();
    expect(unit?.name).not.toBe('Renamed while suspended');
    // …but can read why.
    const why = await owner2.rpc('my_organization_suspension');
    expect(why.data).toMatchObject({ organization_id: ORG2, name: 'Second Homes', reason: 'Unpaid invoices' });
    // Other organisations are untouched.
    expect((await owner1.rpc('my_organization_suspension')).data).toBeNull();
    expect((await visitor.rpc('public_site_page', { p_slug: 'demo' })).data).not.toBeNull();
    expect((await owner1.from('units').select('id')).data?.length).toBeGreaterThan(0);

    const reactivated = await admin.rpc('admin_reactivate_organization', { organization_id: ORG2 });
    expect(reactivated.error).toBeNull();
    expect((await admin.rpc('admin_reactivate_organization', { organization_id: ORG2 })).error?.hint).toBe(
      'organization_not_suspended',
    );
    expect((await visitor.rpc('public_site_page', { p_slug: 'second' })).data).not.toBeNull();
    expect((await visitor.rpc('public_booking_quote', quote)).error).toBeNull();
    expect((await svc.rpc('api_authenticate', { key_hash: sha256(key) })).error).toBeNull();
    expect((await owner2.from('units').select('id')).data).toHaveLength(2);
    expect((await owner2.rpc('my_organization_suspension')).data).toBeNull();

    const audit = (await admin.rpc('admin_audit_log', { organization_id: ORG2, table_name: 'organizations' })).data as {
      rows: Array<{
        actor_id: string;
        reason: string | null;
        after: { suspended_at: string | null; suspended_reason: string | null };
      }>;
    };
    expect(audit.rows[0]!.after.suspended_at).toBeNull();
    expect(audit.rows[1]!.after.suspended_reason).toBe('Unpaid invoices');
    expect(audit.rows[1]!.actor_id).toBe(DEMO.superAdmin.id);
    expect(audit.rows[1]!.reason).toBe('Unpaid invoices');
  });
});
