/**
 * The tenancy matrix: for every table in `public`, each kind of caller — org 1 admin, org 1
 * member, the vendor user, the super administrator, a visitor (anon) — against rows of org 1
 * and org 2, for select, insert, update and delete, through supabase-js with real sign-ins.
 * Nothing crosses organisations; anon sees only enabled public sites, their active units and
 * photos, and published reviews; secrets are readable by the service role only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import {
  ORG1,
  ORG2,
  SPARKLE_VENDOR,
  anon,
  newUser,
  service,
  signInAll,
  unitId,
  type DemoAccount,
  type Db,
} from './fixtures/db-accounts';

let stack: TestStack;
let as: Record<DemoAccount | 'anon' | 'manager1' | 'accountant1', Db>;
let tables: Array<{ name: string; orgCol: string | null }>;

const SECRET_TABLES = [
  'unit_lock_secrets',
  'ota_connection_secrets',
  'integration_secrets',
  'integration_lock_secrets',
  'einvoicing_chains',
  // WhatsApp / SMS provider tokens (issue 16): the messaging functions only.
  'messaging_secrets',
];
/** The permission that lets staff read each organisation table (null: every staff member). */
const READ_PERMISSION: Record<string, string | null> = {
  organizations: null,
  profiles: null,
  roles: null,
  role_permissions: null,
  user_roles: null,
  public_sites: null,
  // A site's old slugs: its staff, and everyone for enabled sites (the old links redirect).
  public_site_slug_history: null,
  reviews: null,
  // Landing-page testimonials (issue 12): everyone reads published ones, whichever organisation
  // they quote; drafts only the super administrator.
  testimonials: null,
  units: 'units.read',
  unit_photos: 'units.read',
  clients: 'clients.read',
  bookings: 'bookings.read',
  invoices: 'invoices.read',
  invoice_items: 'invoices.read',
  payments: 'payments.read',
  einvoicing_submissions: 'invoices.read',
  tasks: 'tasks.read',
  organization_vendors: 'vendors.read',
  lock_passcodes: 'locks.read',
  messages: 'messages.read',
  // What the guest of a booking was told, and whether it arrived (issue 13).
  guest_notices: 'bookings.read',
  // Automation (issue 17): task templates are automation configuration; the run log is read like the rules.
  task_templates: 'automations.read',
  automation_runs: 'automations.read',
  ota_connections: 'channels.read',
  integrations: 'integrations.read',
  automation_rules: 'automations.read',
  alerts: 'automations.read',
  // Financial alerts' history (issue 17): filed by the evaluation, acknowledged through an RPC.
  alert_events: 'automations.read',
  api_keys: 'api_keys.manage',
  audit_log: 'audit.read',
  invitations: 'users.manage',
  // Plan changes and Nuzl's invoices for them (issue 14, Settings → Billing).
  subscription_checkouts: 'settings.manage',
  subscription_invoices: 'settings.manage',
  // Notifications (issue 14): the rules every member reads; their own notifications and mutes
  // (none seeded); what went out by e-mail, for administrators.
  notification_rules: null,
  notifications: null,
  notification_mutes: null,
  notification_deliveries: 'settings.manage',
  // The door code of each stay (issue 15), shown on the booking.
  booking_lock_codes: 'bookings.read',
  // The channel manager's imported iCal events (issue 15), shown in the unit's Channels tab.
  ota_imported_events: 'channels.read',
  ota_sync_runs: 'channels.read',
  // Guest messaging (issue 16): the composer's templates, the automatic-message switches and the
  // messaging setup (also readable with integrations.read, which no seeded role holds without messages.read).
  message_templates: 'messages.read',
  message_automations: 'messages.read',
  messaging_settings: 'messages.read',
};
/** Org 1 staff in every kind of role: built-in admin, manager, member, and the custom Accountant. */
const STAFF = ['owner1', 'manager1', 'member1', 'accountant1'] as const;
type Staff = (typeof STAFF)[number];
const staffPermissions = {} as Record<Staff, string[]>;

/** What a visitor may read, and which rows. */
const ANON_READS: Record<string, (row: Record<string, unknown>) => boolean> = {
  public_sites: (r) => r.enabled === true,
  units: (r) => r.is_active === true,
  unit_photos: (r) => r.unit_id !== unitId(12), // unit 12 is made inactive below
  reviews: (r) => r.is_published === true,
  testimonials: (r) => r.is_published === true,
};

/** Rows everyone may read whatever organisation they belong to: enabled sites, published testimonials. */
const isPublicRow = (name: string, r: Record<string, unknown>) =>
  (name === 'public_sites' && r.enabled === true) || (name === 'testimonials' && r.is_published === true);

/** Tables the super administrator writes on purpose (the platform's own content), left out of the write probes. */
const SUPER_ADMIN_WRITES = ['testimonials'];

/** A fingerprint of one organisation's rows of a table, read directly (no RLS). */
async function fingerprint(table: string, orgCol: string | null, org: string): Promise<string> {
  const where = orgCol ? `where t.${orgCol} = '${org}'` : '';
  const { rows } = await stack.db.query<{ f: string | null; n: number }>(
    `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as f, count(*)::int as n from public.${table} t ${where}`,
  );
  return `${rows[0]!.n}:${rows[0]!.f}`;
}

/** Tries insert, update and delete on one organisation's rows of a table as `db`. */
async function attemptWrites(db: Db, table: string, orgCol: string | null, org: string) {
  const {
    rows: [sample],
  } = await stack.db.query<{ row: Record<string, unknown> | null }>(
    `select to_jsonb(t) as row from public.${table} t ${orgCol ? `where t.${orgCol} = '${org}'` : ''} limit 1`,
  );
  const row = sample?.row ?? {};
  const { rows: writable } = await stack.db.query<{ name: string }>(
    `select a.attname as name from pg_attribute a where a.attrelid = 'public.${table}'::regclass and a.attnum > 0
       and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''`,
  );
  const insertRow: Record<string, unknown> = {};
  for (const { name } of writable) if (name in row && name !== 'id') insertRow[name] = row[name];
  if (orgCol && orgCol !== 'id') insertRow[orgCol] = org;
  const from = db.from(table as 'units');
  const results = [];
  results.push(await from.insert(insertRow as never));
  const updateCol =
    Object.keys(row).find((c) => ['notes', 'name', 'description', 'status', 'expires_at', 'created_at'].includes(c)) ??
    Object.keys(row)[0] ??
    'id';
  if (orgCol) {
    results.push(
      await from
        .update({ [updateCol]: row[updateCol] } as never)
        .eq(orgCol as 'id', org)
        .select(),
    );
    results.push(
      await from
        .delete()
        .eq(orgCol as 'id', org)
        .select(),
    );
  } else {
    results.push(
      await from
        .update({ [updateCol]: row[updateCol] } as never)
        .not('created_at' as 'id', 'is', null)
        .select(),
    );
    results.push(
      await from
        .delete()
        .not('created_at' as 'id', 'is', null)
        .select(),
    );
  }
  return results;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  // Photo rows in both organisations come with the seed; unit 12 is deactivated, and visitors
  // must then not see its photos.
  const svc = service(stack);
  await svc.from('units').update({ is_active: false }).eq('id', unitId(12));
  // A guest notice in each organisation (the seed files none: its bookings are demo history).
  for (const org of [ORG1, ORG2]) {
    const { data: stay } = await svc.from('bookings').select('id').eq('organization_id', org).limit(1).single();
    await svc
      .from('guest_notices')
      .insert({ organization_id: org, booking_id: stay!.id, kind: 'request_received' })
      .throwOnError();
  }
  // A subscription checkout and invoice in each organisation (issue 14, billing; the seed has none).
  for (const [n, org] of [ORG1, ORG2].entries()) {
    const { data: checkout } = await svc
      .from('subscription_checkouts')
      .insert({
        organization_id: org,
        plan: 'advanced',
        billing_cycle: 'yearly',
        previous_plan: 'advanced',
        previous_billing_cycle: 'monthly',
        amount_halalas: 130900,
      })
      .select('id')
      .single()
      .throwOnError();
    await svc
      .from('subscription_invoices')
      .insert({
        number: n + 1,
        organization_id: org,
        checkout_id: checkout.id,
        seller_name: 'Nuzl',
        seller_name_ar: 'نُزل',
        seller_vat_number: '310000000000003',
        buyer_name: `Org ${n + 1}`,
        plan: 'advanced',
        billing_cycle: 'yearly',
        period_start: '2026-01-01',
        period_end: '2026-12-31',
        net_halalas: 113826,
        vat_halalas: 17074,
        total_halalas: 130900,
        provider_payment_id: `pay_tenancy_${n}`,
        paid_at: new Date().toISOString(),
      })
      .throwOnError();
  }
  const demo = await signInAll(stack);
  // A manager and an accountant (custom role) join org 1 through invitations.
  const joinAs = async (roleFilter: { key?: string; name?: string }) => {
    let q = demo.owner1.from('roles').select('id');
    q = roleFilter.key ? q.eq('key', roleFilter.key) : q.eq('name', roleFilter.name!);
    const { data: role } = await q.single();
    const user = await newUser(stack, `Joiner ${roleFilter.key ?? roleFilter.name}`);
    const { data: invite } = await demo.owner1
      .from('invitations')
      .insert({ email: user.email, role_id: role!.id })
      .select()
      .single();
    const accepted = await user.client.rpc('accept_invitation', { token: invite!.token });
    if (accepted.error) throw new Error(accepted.error.message);
    return user.client;
  };
  as = {
    ...demo,
    anon: anon(stack),
    manager1: await joinAs({ key: 'manager' }),
    accountant1: await joinAs({ name: 'Accountant' }),
  };
  for (const who of STAFF) staffPermissions[who] = (await as[who].rpc('my_permissions')).data ?? [];
  const { rows } = await stack.db.query<{ name: string; org_col: string | null }>(`
    select c.relname as name,
           case when c.relname = 'organizations' then 'id'
                when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id')
                then 'organization_id' end as org_col
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 1`);
  tables = rows.map((r) => ({ name: r.name, orgCol: r.org_col }));
});
afterAll(() => stack?.stop());

describe('tenancy matrix', () => {
  it('covers every table in public', () => {
    expect(tables.length).toBeGreaterThanOrEqual(30);
    const orgTables = tables
      .filter((t) => t.orgCol && !SECRET_TABLES.includes(t.name))
      .map((t) => t.name)
      .sort();
    expect(orgTables).toEqual(Object.keys(READ_PERMISSION).sort());
    expect(staffPermissions.owner1).toContain('audit.read');
    expect(staffPermissions.manager1).toContain('invoices.write');
    expect(staffPermissions.manager1).not.toContain('users.manage');
    expect(staffPermissions.accountant1).toEqual(expect.arrayContaining(['invoices.read', 'payments.write']));
    expect(staffPermissions.accountant1).not.toContain('units.read');
  });

  it('select: staff see only their organisation; super admin sees both; vendor and anon only what is theirs', async () => {
    const svc = service(stack);
    for (const { name, orgCol } of tables) {
      const all = await svc.from(name as 'units').select('*');
      expect(all.error, name).toBeNull();
      const orgsInTable = new Set((all.data as Array<Record<string, unknown>>).map((r) => (orgCol ? r[orgCol] : null)));

      for (const who of STAFF) {
        const res = await as[who].from(name as 'units').select('*');
        if (SECRET_TABLES.includes(name)) {
          expect(res.error?.code, `${who} ${name}`).toBe('42501');
          continue;
        }
        expect(res.error, `${who} ${name}`).toBeNull();
        const rows = res.data as Array<Record<string, unknown>>;
        // Enabled public sites and published testimonials are public information, for signed-in users too.
        const foreign = rows.filter((r) => r[orgCol ?? ''] !== ORG1 && !isPublicRow(name, r));
        if (orgCol) expect(foreign, `${who} sees foreign ${name}`).toEqual([]);
        if (orgCol && orgCol !== 'id' && orgsInTable.has(ORG1)) {
          const needed = READ_PERMISSION[name];
          const allowed = needed === null || needed === undefined || staffPermissions[who].includes(needed);
          const own = rows.filter((r) => r[orgCol] === ORG1);
          if (allowed) expect(own.length, `${who} should read ${name}`).toBeGreaterThan(0);
          else expect(own, `${who} must not read ${name}`).toEqual([]);
        }
      }

      const sa = await as.superAdmin.from(name as 'units').select('*');
      if (SECRET_TABLES.includes(name)) {
        expect(sa.error?.code).toBe('42501');
      } else if (orgCol && orgsInTable.has(ORG1) && orgsInTable.has(ORG2)) {
        const seen = new Set(
          (sa.data as Array<Record<string, unknown>>).map((r) => r[orgCol]).filter((o) => o !== null),
        );
        expect([...seen].sort(), `super admin ${name}`).toEqual([ORG1, ORG2].sort());
      }

      const vendor = await as.vendor1.from(name as 'units').select('*');
      if (SECRET_TABLES.includes(name)) {
        expect(vendor.error?.code).toBe('42501');
      } else {
        const rows = vendor.data as Array<Record<string, unknown>>;
        if (orgCol) {
          const foreign = rows.filter((r) => r[orgCol] === ORG2 && !isPublicRow(name, r));
          expect(foreign, `vendor sees org 2 ${name}`).toEqual([]);
        }
        if (['bookings', 'clients', 'invoices', 'payments', 'messages', 'audit_log', 'profiles'].includes(name)) {
          expect(
            rows.filter((r) => (r.user_id !== undefined ? r.user_id !== '10000000-0000-4000-8000-000000000004' : true)),
            `vendor sees ${name}`,
          ).toEqual([]);
        }
        if (name === 'tasks') {
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.every((r) => r.vendor_id === SPARKLE_VENDOR)).toBe(true);
        }
      }

      const pub = await as.anon
        .from(name as 'units')
        .select(
          name === 'units'
            ? 'id, organization_id, is_active'
            : name === 'reviews'
              ? 'id, organization_id, is_published'
              : '*',
        );
      const rule = ANON_READS[name];
      if (rule) {
        expect(pub.error, `anon ${name}`).toBeNull();
        const rows = pub.data as unknown as Array<Record<string, unknown>>;
        expect(rows.length, `anon reads ${name}`).toBeGreaterThan(0);
        expect(rows.every(rule), `anon rows of ${name}`).toBe(true);
      } else {
        expect(pub.error?.code ?? (pub.data as unknown[]).length, `anon ${name}`).toSatisfy(
          (v: unknown) => v === '42501' || v === 0 || (name === 'permissions' && v === '42501'),
        );
      }
    }
  });

  it('visitors never see lock settings or street addresses of units', async () => {
    const { error } = await as.anon.from('units').select('smart_lock_id');
    expect(error?.code).toBe('42501');
    const street = await as.anon.from('units').select('address_street');
    expect(street.error?.code).toBe('42501');
  });

  it('insert / update / delete: org 1 callers, the vendor, the super admin and anon leave org 2 untouched', async () => {
    for (const { name, orgCol } of tables) {
      if (!orgCol) continue;
      const before = await fingerprint(name, orgCol, ORG2);
      const superAdmin = SUPER_ADMIN_WRITES.includes(name) ? [] : (['superAdmin'] as const);
      for (const who of [...STAFF, 'vendor1', ...superAdmin, 'anon'] as const) {
        await attemptWrites(as[who], name, orgCol, ORG2);
        expect(await fingerprint(name, orgCol, ORG2), `${who} changed org 2 ${name}`).toBe(before);
      }
    }
  });

  it('within org 1, staff without the write permission, the vendor, the super admin and anon change nothing', async () => {
    /** The permission that lets staff write each table (tables missing here are written only by RPCs or admins). */
    const WRITE_PERMISSION: Record<string, string> = {
      units: 'units.write',
      unit_photos: 'units.write',
      clients: 'clients.write',
      bookings: 'bookings.write',
      invoices: 'invoices.write',
      invoice_items: 'invoices.write',
      payments: 'payments.write',
      tasks: 'tasks.write',
      organization_vendors: 'vendors.write',
      lock_passcodes: 'locks.write',
      messages: 'messages.write',
      ota_connections: 'channels.write',
      integrations: 'integrations.write',
      automation_rules: 'automations.write',
      alerts: 'automations.write',
      // Filed by the alert evaluation; acknowledged only through acknowledge_alert_event (issue 17).
      alert_events: 'nobody',
      api_keys: 'api_keys.manage',
      invitations: 'users.manage',
      organizations: 'settings.manage',
      public_sites: 'public_site.manage',
      reviews: 'reviews.manage',
      roles: 'roles.manage',
      role_permissions: 'roles.manage',
      user_roles: 'roles.manage',
      profiles: 'users.manage',
      audit_log: 'nobody',
      unit_lock_secrets: 'nobody',
      ota_connection_secrets: 'nobody',
      integration_secrets: 'nobody',
      integration_lock_secrets: 'nobody',
      einvoicing_chains: 'nobody',
      einvoicing_submissions: 'nobody',
      // Filed by booking triggers, delivered by the guest-notify function (service role).
      guest_notices: 'nobody',
      // Written only by the public_sites trigger when a slug changes.
      public_site_slug_history: 'nobody',
      // Written by the billing function's service-role RPCs only (issue 14).
      subscription_checkouts: 'nobody',
      subscription_invoices: 'nobody',
      // The platform's content: the super administrator only (db-landing-content.test.ts).
      testimonials: 'nobody',
      // Notification rules: administrators; a member's own notifications (read_at) and mutes are
      // theirs alone (db-notifications.test.ts), deliveries the notify function's (issue 14).
      notification_rules: 'settings.manage',
      notifications: 'nobody',
      notification_mutes: 'nobody',
      notification_deliveries: 'nobody',
      // Written by booking triggers and the locks function's service-role RPCs (issue 15).
      booking_lock_codes: 'nobody',
      // Written by the ical function's service-role RPCs (issue 15).
      ota_imported_events: 'nobody',
      ota_sync_runs: 'nobody',
      // Guest messaging (issue 16): templates and switches by settings.manage; the setup only
      // through RPCs (set_messaging_settings, set_messaging_provider), the tokens never.
      message_templates: 'settings.manage',
      message_automations: 'settings.manage',
      messaging_settings: 'nobody',
      messaging_secrets: 'nobody',
      // Automation (issue 17): templates like the rules; the run log only by the engine.
      task_templates: 'automations.write',
      automation_runs: 'nobody',
    };
    for (const { name, orgCol } of tables) {
      if (!orgCol) continue;
      const needed = WRITE_PERMISSION[name];
      expect(needed, `write permission of ${name}`).toBeDefined();
      const before = await fingerprint(name, orgCol, ORG1);
      // Profiles: everyone may edit their own, so only callers outside the organisation are probed.
      const staff = name === 'profiles' ? [] : STAFF.filter((who) => !staffPermissions[who].includes(needed!));
      const superAdmin = SUPER_ADMIN_WRITES.includes(name) ? [] : (['superAdmin'] as const);
      for (const who of [...staff, 'vendor1', ...superAdmin, 'anon'] as const) {
        await attemptWrites(as[who], name, orgCol, ORG1);
        expect(await fingerprint(name, orgCol, ORG1), `${who} changed org 1 ${name}`).toBe(before);
      }
    }
  });

  it('the write probe itself can change rows when the caller is allowed (service role)', async () => {
    const before = await fingerprint('alerts', 'organization_id', ORG2);
    await attemptWrites(service(stack), 'alerts', 'organization_id', ORG2);
    expect(await fingerprint('alerts', 'organization_id', ORG2)).not.toBe(before);
  });

  it('tables without an organisation: catalogue, marketplace, vendor memberships and contact messages', async () => {
    // Contact-form messages (issue 12) are written through submit_contact_request() only and read
    // by the super administrator only (db-landing-content.test.ts); nobody else sees or changes one.
    const { error } = await anon(stack).rpc('submit_contact_request', {
      name: 'Tenancy probe',
      message: 'A message for the write probe',
      consent: true,
      email: 'probe@example.com',
    });
    expect(error).toBeNull();
    // Its operator e-mail stamps notified_at once sent (pg_net after commit): let that happen first.
    await stack.jobs.net.settle();
    for (const who of ['owner1', 'member1', 'vendor1'] as const) {
      expect((await as[who].from('contact_requests').select('id')).data, `${who} reads contact_requests`).toEqual([]);
    }
    for (const name of ['permissions', 'vendor_members', 'contact_requests']) {
      const before = await fingerprint(name, null, '');
      // The super administrator handles and deletes contact messages on purpose.
      const superAdmin = name === 'contact_requests' ? [] : (['superAdmin'] as const);
      for (const who of ['owner1', 'member1', 'vendor1', ...superAdmin, 'anon'] as const) {
        await attemptWrites(as[who], name, null, '');
        expect(await fingerprint(name, null, ''), `${who} changed ${name}`).toBe(before);
      }
    }
    // The marketplace: staff read it all; only the listing org, the vendor itself or the
    // platform edit; verification is the platform's.
    const { data: listed } = await as.member1.from('vendors').select('id');
    expect(listed!.length).toBeGreaterThanOrEqual(6);
    const forge = await as.owner1
      .from('vendors')
      .update({ verified: true })
      .eq('id', '40000000-0000-4000-8000-000000000005')
      .select();
    expect(forge.data ?? []).toEqual([]);
    const own = await as.vendor1.from('vendors').update({ verified: false }).eq('id', SPARKLE_VENDOR);
    expect(own.error?.hint).toBe('vendor_verification_forbidden');
    const verify = await as.superAdmin
      .from('vendors')
      .update({ verified: true })
      .eq('id', '40000000-0000-4000-8000-000000000005')
      .select()
      .single();
    expect(verify.data!.verified).toBe(true);
    expect(verify.data!.verified_at).not.toBeNull();
  });
});
