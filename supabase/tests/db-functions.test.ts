/**
 * The RPCs the app needs in one round trip, and the flows around them: onboarding
 * (create_organization), invitations (accept_invitation), the public booking page for
 * visitors (get_public_site, request_booking, submit_review, unit_booked_ranges), vendor task
 * work (vendor_tasks, start_task, complete_task), dashboard_overview, API keys and the
 * write-only secrets.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import {
  DEMO,
  ORG1,
  ORG2,
  SPARKLE_VENDOR,
  anon,
  day,
  newUser,
  service,
  signInDemo,
  unitId,
  type Db,
} from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let member1: Db;
let vendor1: Db;
let superAdmin: Db;
let visitor: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  vendor1 = await signInDemo(stack, 'vendor1');
  superAdmin = await signInDemo(stack, 'superAdmin');
  visitor = anon(stack);
  svc = service(stack);
});
afterAll(() => stack?.stop());

describe('seeded demo', () => {
  it('has the accounts, organisations and volumes of DESIGN §5', async () => {
    const count = async (table: string, org?: string) => {
      let q = svc.from(table as 'units').select('*', { count: 'exact', head: true });
      if (org) q = q.eq('organization_id', org);
      return (await q).count ?? 0;
    };
    expect(await count('units')).toBeGreaterThanOrEqual(12);
    expect(await count('units', ORG2)).toBeLessThanOrEqual(2);
    expect(await count('clients')).toBeGreaterThanOrEqual(60);
    expect(await count('bookings')).toBeGreaterThanOrEqual(150);
    const { data: statuses } = await svc.from('invoices').select('status');
    expect(new Set(statuses!.map((s) => s.status))).toEqual(
      new Set(['draft', 'pending', 'paid', 'overdue', 'cancelled', 'refunded']),
    );
    const { data: orgs } = await svc.from('organizations').select('slug, subscription_plan').order('slug');
    expect(orgs).toEqual([
      { slug: 'demo', subscription_plan: 'enterprise' },
      { slug: 'second', subscription_plan: 'advanced' },
    ]);
    // Bookings span the last and next 60 days and never overlap per unit.
    const { data: span } = await svc.from('bookings').select('check_in').order('check_in').limit(1).single();
    expect(span!.check_in <= day(-55)).toBe(true);
    const { rows } = await stack.db.query<{
      n: number;
    }>(`select count(*)::int as n from public.bookings a join public.bookings b
      on a.unit_id = b.unit_id and a.id < b.id and a.status <> 'cancelled' and b.status <> 'cancelled'
      and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`);
    expect(rows[0]!.n).toBe(0);
  });

  it('the super administrator is recognised from app_metadata and reads every organisation', async () => {
    const { data } = await superAdmin.from('organizations').select('slug').order('slug');
    expect(data!.map((o) => o.slug)).toEqual(['demo', 'second']);
    const { data: org1Only } = await owner1.from('organizations').select('slug');
    expect(org1Only!.map((o) => o.slug)).toEqual(['demo']);
  });
});

describe('onboarding and invitations', () => {
  it('create_organization makes the organisation, the profile, the built-in roles (caller = admin) and a public site', async () => {
    const u = await newUser(stack, 'Huda Al-Shehri');
    const { data: org, error } = await u.client.rpc('create_organization', {
      name: 'Huda Homes',
      slug: 'Huda-Homes',
      name_ar: 'بيوت هدى',
      preferred_language: 'ar',
    });
    expect(error).toBeNull();
    expect(org!.slug).toBe('huda-homes');
    // A normal user starts on the entry plan (other plans: db-access-rules.test.ts).
    expect(org!.subscription_plan).toBe('basic');
    expect(org!.owner_id).toBe(u.id);
    expect(org!.public_url).toBe('/org/huda-homes');
    const { data: profile } = await u.client.from('profiles').select().eq('user_id', u.id).single();
    expect(profile!.organization_id).toBe(org!.id);
    expect(profile!.full_name).toBeNull();
    const { data: roles } = await u.client.from('role_summaries').select('key, user_count').order('key');
    expect(roles).toEqual([
      { key: 'admin', user_count: 1 },
      { key: 'manager', user_count: 0 },
      { key: 'member', user_count: 0 },
    ]);
    const { data: site } = await u.client
      .from('public_sites')
      .select('slug, enabled')
      .eq('organization_id', org!.id)
      .single();
    expect(site).toEqual({ slug: 'huda-homes', enabled: false });
    const perms = await u.client.rpc('my_permissions');
    expect(perms.data).toContain('users.manage');

    const again = await u.client.rpc('create_organization', { name: 'Twice', slug: 'twice' });
    expect(again.error?.hint).toBe('already_member');
    const other = await newUser(stack);
    const taken = await other.client.rpc('create_organization', { name: 'Copy', slug: 'demo' });
    expect(taken.error?.hint).toBe('slug_taken');
    const reserved = await other.client.rpc('create_organization', { name: 'Bad', slug: 'dashboard' });
    expect(reserved.error).not.toBeNull();
    const anonymous = await visitor.rpc('create_organization', { name: 'Anon', slug: 'anon-co' });
    expect(anonymous.error).not.toBeNull();
  });

  it('accept_invitation joins the inviting organisation with the invited role', async () => {
    const { data: managerRole } = await owner1.from('roles').select('id').eq('key', 'manager').single();
    const { data: invite, error } = await owner1
      .from('invitations')
      .insert({ email: 'Manager.New@Test.nuzl.example', role_id: managerRole!.id })
      .select()
      .single();
    expect(error).toBeNull();
    expect(invite!.email).toBe('manager.new@test.nuzl.example');
    expect(invite!.organization_id).toBe(ORG1);
    // Only users.manage holders see invitations (and their tokens).
    expect((await member1.from('invitations').select('id')).data).toEqual([]);

    // The invited address signs in (the token alone is not enough: db-access-rules.test.ts).
    const joiner = await newUser(stack, 'Sara Manager', 'manager.new@test.nuzl.example');
    const bad = await joiner.client.rpc('accept_invitation', { token: 'nope' });
    expect(bad.error?.hint).toBe('invitation_invalid');
    const { data: profile, error: acceptError } = await joiner.client.rpc('accept_invitation', {
      token: invite!.token,
    });
    expect(acceptError).toBeNull();
    expect(profile!.organization_id).toBe(ORG1);
    expect(profile!.full_name).toBe('Sara Manager');
    const perms = (await joiner.client.rpc('my_permissions')).data!;
    expect(perms).toContain('invoices.write');
    expect(perms).not.toContain('users.manage');
    const reuse = await (await newUser(stack)).client.rpc('accept_invitation', { token: invite!.token });
    expect(reuse.error?.hint).toBe('invitation_used');
  });

  it('only admins may invite someone as an administrator', async () => {
    const { data: adminRole } = await owner1.from('roles').select('id').eq('key', 'admin').single();
    const { data: custom } = await owner1.from('roles').insert({ name: 'User Manager' }).select().single();
    await owner1.from('role_permissions').insert({ role_id: custom!.id, permission: 'users.manage' });
    await owner1.from('user_roles').insert({ user_id: DEMO.member1.id, role_id: custom!.id });
    const sneaky = await member1
      .from('invitations')
      .insert({ email: 'boss@test.nuzl.example', role_id: adminRole!.id });
    expect(sneaky.error?.hint).toBe('admin_role_required');
    await owner1.from('user_roles').delete().eq('role_id', custom!.id);
  });
});

describe('public booking page (visitors)', () => {
  it('get_public_site returns the enabled site with active units, photos and published reviews only', async () => {
    // The seed gives every unit its photos, one of them main.
    const { count: unit1Photos } = await svc
      .from('unit_photos')
      .select('*', { count: 'exact', head: true })
      .eq('unit_id', unitId(1));
    expect(unit1Photos).toBeGreaterThan(1);
    const { data, error } = await visitor.rpc('get_public_site', { slug: 'demo' });
    expect(error).toBeNull();
    const site = data as {
      site: { slug: string };
      units: Array<{ id: string; photos: Array<{ is_main: boolean }> }>;
      reviews: Array<{ rating: number }>;
      rating: { count: number };
    };
    expect(site.site.slug).toBe('demo');
    expect(site.units.length).toBe(12);
    const withPhotos = site.units.find((u) => u.id === unitId(1))!;
    expect(withPhotos.photos).toHaveLength(unit1Photos!);
    expect(withPhotos.photos.filter((p) => p.is_main)).toHaveLength(1);
    const { count: published } = await svc
      .from('reviews')
      .select('*', { count: 'exact', head: true })
      .eq('organization_id', ORG1)
      .eq('is_published', true);
    expect(site.reviews).toHaveLength(published!);
    expect(JSON.stringify(site)).not.toContain('smart_lock_id');
    await svc.from('public_sites').update({ enabled: false }).eq('organization_id', ORG2);
    const off = await visitor.rpc('get_public_site', { slug: 'second' });
    expect(off.data).toBeNull();
    expect((await visitor.from('units').select('id').eq('organization_id', ORG2)).data).toEqual([]);
    await svc.from('public_sites').update({ enabled: true }).eq('organization_id', ORG2);
    // The organisation flag follows the site.
    const { data: org2 } = await svc.from('organizations').select('public_site_enabled').eq('id', ORG2).single();
    expect(org2!.public_site_enabled).toBe(true);
  });

  it('request_booking creates a pending booking after validating everything; overlaps are refused', async () => {
    const args = {
      slug: 'demo',
      unit_id: unitId(9),
      check_in: day(300),
      check_out: day(303),
      guests_count: 2,
      guest_name: 'Mona Al-Zahrani',
      guest_phone: '+966533333333',
      national_id: '1098765432',
    };
    const { data, error } = await visitor.rpc('request_booking', args);
    expect(error).toBeNull();
    const made = data as { booking_reference: string; status: string; nights: number; total_amount: number };
    expect(made.status).toBe('pending');
    expect(made.nights).toBe(3);
    expect(made.total_amount).toBe(3 * 900 + 200);
    const { data: booking } = await owner1
      .from('bookings')
      .select('status, source, client_id')
      .eq('booking_reference', made.booking_reference)
      .single();
    expect(booking).toMatchObject({ status: 'pending', source: 'direct' });

    const overlap = await visitor.rpc('request_booking', { ...args, check_in: day(302), check_out: day(304) });
    expect(overlap.error?.message).toBe('This unit is already booked for the selected dates');
    const noId = await visitor.rpc('request_booking', {
      ...args,
      check_in: day(310),
      check_out: day(311),
      guest_phone: '+966544444444',
      national_id: undefined,
    });
    expect(noId.error?.message).toBe('Either National ID or Passport is required');
    const tooMany = await visitor.rpc('request_booking', {
      ...args,
      check_in: day(320),
      check_out: day(321),
      guests_count: 7,
    });
    expect(tooMany.error?.hint).toBe('guests_count_invalid');
    const past = await visitor.rpc('request_booking', { ...args, check_in: day(-5), check_out: day(-3) });
    expect(past.error?.hint).toBe('booking_dates_invalid');
    const foreignUnit = await visitor.rpc('request_booking', { ...args, unit_id: unitId(13) });
    expect(foreignUnit.error?.hint).toBe('unit_inactive');

    // Visitors cannot write tables directly, and see dates only — never guests.
    const direct = await visitor.from('bookings').insert({
      unit_id: unitId(9),
      client_id: booking!.client_id,
      check_in: day(330),
      check_out: day(331),
      booking_reference: 'x',
    });
    expect(direct.error?.code).toBe('42501');
    const ranges = await visitor.rpc('unit_booked_ranges', {
      unit_id: unitId(9),
      from_date: day(299),
      to_date: day(305),
    });
    expect(ranges.data).toEqual([{ check_in: day(300), check_out: day(303) }]);
    const avail = await visitor.rpc('check_unit_availability', {
      unit_id: unitId(9),
      check_in: day(303),
      check_out: day(305),
    });
    expect(avail.data).toBe(true);
  });

  it('a review sent through its link is stored unpublished; publishing makes it public', async () => {
    const owner2 = await signInDemo(stack, 'owner2');
    const { data: stays } = await svc
      .from('bookings')
      .select('id')
      .eq('organization_id', ORG2)
      .eq('status', 'checked_out')
      .throwOnError();
    const { data: reviewed } = await svc.from('reviews').select('booking_id').eq('organization_id', ORG2);
    const stay = stays!.find((b) => !reviewed!.some((r) => r.booking_id === b.id))!;
    const link = await owner2.rpc('review_link', { booking_id: stay.id });
    expect(link.error).toBeNull();
    const token = link.data!.replace('/review/', '');
    const bad = await visitor.rpc('submit_review_with_link', { token, rating: 9 });
    expect(bad.error?.hint).toBe('review_invalid');
    const { data: id, error } = await visitor.rpc('submit_review_with_link', { token, rating: 5, message: 'ممتاز' });
    expect(error).toBeNull();
    const visible = async () => (await visitor.from('reviews').select('id').eq('id', id!)).data!;
    expect(await visible()).toEqual([]);
    await owner2.from('reviews').update({ is_published: true }).eq('id', id!);
    expect(await visible()).toHaveLength(1);
  });
});

describe('vendor work', () => {
  it('vendor_tasks lists only the vendor’s tasks with unit and stay dates; start and complete work', async () => {
    const { data: tasks, error } = await vendor1.rpc('vendor_tasks');
    expect(error).toBeNull();
    expect(tasks!.length).toBeGreaterThan(0);
    const { data: all } = await svc.from('tasks').select('id, vendor_id');
    const mine = new Set(all!.filter((t) => t.vendor_id === SPARKLE_VENDOR).map((t) => t.id));
    expect(tasks!.every((t) => mine.has(t.id))).toBe(true);
    expect(tasks!.some((t) => t.unit_name)).toBe(true);

    const pending = tasks!.find((t) => t.status === 'pending')!;
    const started = await vendor1.rpc('start_task', { task_id: pending.id });
    expect(started.error).toBeNull();
    expect(started.data!.status).toBe('in_progress');
    expect(started.data!.started_at).not.toBeNull();
    const twice = await vendor1.rpc('start_task', { task_id: pending.id });
    expect(twice.error?.hint).toBe('task_transition_invalid');
    const done = await vendor1.rpc('complete_task', { task_id: pending.id });
    expect(done.data!.status).toBe('completed');
    expect(done.data!.completed_at).not.toBeNull();

    const notMine = all!.find((t) => t.vendor_id !== SPARKLE_VENDOR)!;
    const foreign = await vendor1.rpc('start_task', { task_id: notMine.id });
    expect(foreign.error?.code).toBe('42501');
    // Direct edits are not the vendor's path.
    const edit = await vendor1.from('tasks').update({ title: 'changed' }).eq('id', pending.id).select();
    expect(edit.data ?? []).toEqual([]);
    // The vendor reads no unit rows (vendor_tasks() carries the unit's name and address), no bookings or clients.
    expect((await vendor1.from('units').select('id')).data).toEqual([]);
    expect((await vendor1.from('bookings').select('id')).data).toEqual([]);
    expect((await vendor1.from('clients').select('id')).data).toEqual([]);
  });

  it('staff with tasks.write start and complete tasks too', async () => {
    const { data: t } = await member1
      .from('tasks')
      .insert({ title: 'Check water heater', type: 'inspection', unit_id: unitId(2) })
      .select()
      .single();
    expect((await member1.rpc('start_task', { task_id: t!.id })).data!.status).toBe('in_progress');
    expect((await member1.rpc('complete_task', { task_id: t!.id })).data!.status).toBe('completed');
  });
});

describe('dashboard, API keys, secrets', () => {
  it('dashboard_overview returns the overview numbers in one call, money only with permission', async () => {
    const { data, error } = await owner1.rpc('dashboard_overview');
    expect(error).toBeNull();
    const o = data as Record<string, unknown> & {
      revenue: { this_month: number; previous_month: number } | null;
      bookings_today: { arrivals: number; departures: number };
      recent_bookings: unknown[];
      upcoming_tasks: unknown[];
    };
    expect(o.total_units).toBeGreaterThanOrEqual(12);
    expect(o.active_clients as number).toBeGreaterThan(0);
    expect(typeof o.bookings_today.arrivals).toBe('number');
    expect(o.revenue!.previous_month).toBeGreaterThan(0);
    expect(o.recent_bookings).toHaveLength(5);
    expect(o.upcoming_tasks.length).toBeGreaterThan(0);
    // Unit names in both languages (the Arabic screen shows name_ar), task titles too.
    const recent = o.recent_bookings as { id: string; unit_name: string; unit_name_ar: string | null }[];
    const { data: units } = await owner1
      .from('bookings')
      .select('id, unit:units(name, name_ar)')
      .in(
        'id',
        recent.map((b) => b.id),
      );
    for (const booking of recent) {
      const unit = units!.find((u) => u.id === booking.id)!.unit!;
      expect(booking).toMatchObject({ unit_name: unit.name, unit_name_ar: unit.name_ar });
    }
    expect(recent.some((b) => b.unit_name_ar)).toBe(true);
    const upcoming = o.upcoming_tasks as { id: string; title_ar: string | null; unit_name_ar: string | null }[];
    const { data: tasks } = await owner1
      .from('tasks')
      .select('id, title_ar, unit:units(name_ar)')
      .in(
        'id',
        upcoming.map((t) => t.id),
      );
    for (const task of upcoming) {
      const row = tasks!.find((t) => t.id === task.id)!;
      expect(task).toMatchObject({ title_ar: row.title_ar, unit_name_ar: row.unit?.name_ar ?? null });
    }
    const memberView = (await member1.rpc('dashboard_overview')).data as { revenue: unknown; total_units: number };
    expect(memberView.revenue).toBeNull();
    expect(memberView.total_units).toBe(o.total_units);
    expect((await vendor1.rpc('dashboard_overview')).error?.hint).toBe('organization_required');
  });

  it('create_api_key shows the key once and stores only its SHA-256', async () => {
    const empty = await owner1.rpc('create_api_key', { key_name: ' ' });
    expect(empty.error?.hint).toBe('api_key_name_required');
    const { data, error } = await owner1.rpc('create_api_key', { key_name: 'Channel sync' });
    expect(error).toBeNull();
    const key = data![0]!.key;
    expect(key).toMatch(/^nzl_[0-9a-f]{64}$/);
    const { data: row } = await owner1.from('api_keys').select().eq('id', data![0]!.id).single();
    expect(row!.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
    expect((await member1.rpc('create_api_key', { key_name: 'x' })).error?.code).toBe('42501');
    expect((await owner1.rpc('verify_api_key', { key })).error).not.toBeNull();
    expect((await svc.rpc('verify_api_key', { key })).data).toBe(ORG1);
    await owner1.from('api_keys').update({ revoked_at: new Date().toISOString() }).eq('id', row!.id);
    expect((await svc.rpc('verify_api_key', { key })).data).toBeNull();
  });

  it('secrets are write-only for the browser and readable by the service role', async () => {
    const set = await owner1.rpc('set_unit_lock_credentials', {
      unit_id: unitId(3),
      account_username: 'owner@ttlock',
      account_password: 's3cret',
      client_id: 'cid',
      client_secret: 'csecret',
    });
    expect(set.error).toBeNull();
    const { data: unit } = await owner1
      .from('units')
      .select('lock_account_username, lock_credentials_configured')
      .eq('id', unitId(3))
      .single();
    expect(unit).toEqual({ lock_account_username: 'owner@ttlock', lock_credentials_configured: true });
    expect((await owner1.from('unit_lock_secrets').select('*')).error?.code).toBe('42501');
    const { data: secret } = await svc
      .from('unit_lock_secrets')
      .select('account_password, client_secret')
      .eq('unit_id', unitId(3))
      .single();
    expect(secret).toEqual({ account_password: 's3cret', client_secret: 'csecret' });
    const foreign = await owner1.rpc('set_unit_lock_credentials', { unit_id: unitId(13), account_password: 'x' });
    // Another organisation's unit is "not found" (404), as one that does not exist.
    expect(foreign.error?.code).toBe('PT404');
    expect(foreign.error?.hint).toBe('unit_not_found');

    const { data: conn } = await owner1
      .from('ota_connections')
      .insert({ platform: 'airbnb', connection_name: 'Test', unit_id: unitId(3) })
      .select()
      .single();
    expect(
      (await owner1.rpc('set_ota_credentials', { connection_id: conn!.id, api_key: 'k', api_secret: 's' })).error,
    ).toBeNull();
    expect((await owner1.from('ota_connection_secrets').select('*')).error?.code).toBe('42501');
    expect((await member1.rpc('set_ota_credentials', { connection_id: conn!.id, api_key: 'evil' })).error?.code).toBe(
      '42501',
    );
    const { data: integ } = await owner1.from('integrations').insert({ name: 'Webhook' }).select().single();
    expect(
      (await owner1.rpc('set_integration_api_key', { integration_id: integ!.id, api_key: 'abc' })).error,
    ).toBeNull();
    expect(
      (await svc.from('integration_secrets').select('api_key').eq('integration_id', integ!.id).single()).data!.api_key,
    ).toBe('abc');
  });

  it('smart-lock passcodes need a lock on the unit and a 6-digit code', async () => {
    const noLock = await owner1
      .from('lock_passcodes')
      .insert({ unit_id: unitId(3), name: 'Guest', code: '123456', kind: 'permanent' });
    expect(noLock.error?.message).toBe('No TTLock ID configured for this unit');
    const bad = await owner1
      .from('lock_passcodes')
      .insert({ unit_id: unitId(1), name: 'Guest', code: '12345', kind: 'permanent' });
    expect(bad.error?.code).toBe('23514');
    const ok = await owner1
      .from('lock_passcodes')
      .insert({
        unit_id: unitId(1),
        name: 'Guest',
        code: '654321',
        kind: 'temporary',
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 86400_000).toISOString(),
      })
      .select()
      .single();
    expect(ok.error).toBeNull();
    expect(ok.data!.organization_id).toBe(ORG1);
  });
});

describe('storage buckets for photos and logos', () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9]);

  it('staff with units.write upload into their organisation’s folder only; anyone reads public URLs', async () => {
    const path = `${ORG1}/${unitId(1)}/test-${Date.now()}.jpg`;
    const up = await owner1.storage.from('unit-photos').upload(path, jpeg, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    const foreign = await owner1.storage
      .from('unit-photos')
      .upload(`${ORG2}/${unitId(13)}/x.jpg`, jpeg, { contentType: 'image/jpeg' });
    expect(foreign.error).not.toBeNull();
    const member = await member1.storage
      .from('unit-photos')
      .upload(`${ORG1}/${unitId(1)}/m.jpg`, jpeg, { contentType: 'image/jpeg' });
    expect(member.error).not.toBeNull();
    const visitorUpload = await visitor.storage
      .from('unit-photos')
      .upload(`${ORG1}/v.jpg`, jpeg, { contentType: 'image/jpeg' });
    expect(visitorUpload.error).not.toBeNull();
    const { data: pub } = visitor.storage.from('unit-photos').getPublicUrl(path);
    const res = await fetch(pub.publicUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg);
    const listedByOther = await (
      await signInDemo(stack, 'owner2')
    ).storage
      .from('unit-photos')
      .list(`${ORG1}/${unitId(1)}`);
    expect(listedByOther.data ?? []).toEqual([]);
    const removed = await owner1.storage.from('unit-photos').remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
  });
});
