/**
 * The tenancy matrix: for every table in `public`, each kind of caller — org 1 admin, org 1
 * member, the vendor user, the super administrator, a visitor (anon) — against rows of org 1
 * and org 2, for select, insert, update and delete, through supabase-js with real sign-ins.
 * Nothing crosses organisations; anon sees only enabled public sites, their active units and
 * photos, and published reviews; secrets are readable by the service role only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, SPARKLE_VENDOR, anon, service, signInAll, type DemoAccount, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let as: Record<DemoAccount | 'anon', Db>;
let tables: Array<{ name: string; orgCol: string | null }>;

const SECRET_TABLES = ['unit_lock_secrets', 'ota_connection_secrets', 'integration_secrets', 'einvoicing_chains'];
/** Tables the seeded member role (SPEC §6 "Team Member") may read in its organisation. */
const MEMBER_READS = ['organizations', 'profiles', 'roles', 'role_permissions', 'user_roles', 'units', 'unit_photos',
  'clients', 'bookings', 'tasks', 'organization_vendors', 'lock_passcodes', 'messages', 'public_sites', 'reviews'];
const MEMBER_HIDDEN = ['invoices', 'invoice_items', 'payments', 'ota_connections', 'integrations', 'automation_rules',
  'alerts', 'api_keys', 'audit_log', 'invitations'];
/** What a visitor may read, and which rows. */
const ANON_READS: Record<string, (row: Record<string, unknown>) => boolean> = {
  public_sites: (r) => r.enabled === true,
  units: (r) => r.is_active === true,
  unit_photos: () => true,
  reviews: (r) => r.is_published === true,
};

/** A fingerprint of one organisation's rows of a table, read directly (no RLS). */
async function fingerprint(table: string, orgCol: string | null, org: string): Promise<string> {
  const where = orgCol ? `where t.${orgCol} = '${org}'` : '';
  const { rows } = await stack.db.query<{ f: string | null; n: number }>(
    `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as f, count(*)::int as n from public.${table} t ${where}`);
  return `${rows[0]!.n}:${rows[0]!.f}`;
}

/** Tries insert, update and delete on one organisation's rows of a table as `db`. */
async function attemptWrites(db: Db, table: string, orgCol: string | null, org: string) {
  const { rows: [sample] } = await stack.db.query<{ row: Record<string, unknown> | null }>(
    `select to_jsonb(t) as row from public.${table} t ${orgCol ? `where t.${orgCol} = '${org}'` : ''} limit 1`);
  const row = sample?.row ?? {};
  const { rows: writable } = await stack.db.query<{ name: string }>(
    `select a.attname as name from pg_attribute a where a.attrelid = 'public.${table}'::regclass and a.attnum > 0
       and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''`);
  const insertRow: Record<string, unknown> = {};
  for (const { name } of writable) if (name in row && name !== 'id') insertRow[name] = row[name];
  if (orgCol && orgCol !== 'id') insertRow[orgCol] = org;
  const from = db.from(table as 'units');
  const results = [];
  results.push(await from.insert(insertRow as never));
  const updateCol = Object.keys(row).find((c) => ['notes', 'name', 'description', 'status', 'expires_at', 'created_at'].includes(c))
    ?? Object.keys(row)[0] ?? 'id';
  if (orgCol) {
    results.push(await from.update({ [updateCol]: row[updateCol] } as never).eq(orgCol as 'id', org).select());
    results.push(await from.delete().eq(orgCol as 'id', org).select());
  } else {
    results.push(await from.update({ [updateCol]: row[updateCol] } as never).not('created_at' as 'id', 'is', null).select());
    results.push(await from.delete().not('created_at' as 'id', 'is', null).select());
  }
  return results;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  as = { ...(await signInAll(stack)), anon: anon(stack) };
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
    for (const t of [...MEMBER_READS, ...MEMBER_HIDDEN, ...SECRET_TABLES]) expect(tables.map((x) => x.name)).toContain(t);
  });

  it('select: staff see only their organisation; super admin sees both; vendor and anon only what is theirs', async () => {
    const svc = service(stack);
    for (const { name, orgCol } of tables) {
      const all = await svc.from(name as 'units').select('*');
      expect(all.error, name).toBeNull();
      const orgsInTable = new Set((all.data as Array<Record<string, unknown>>).map((r) => (orgCol ? r[orgCol] : null)));

      for (const who of ['owner1', 'member1'] as const) {
        const res = await as[who].from(name as 'units').select('*');
        if (SECRET_TABLES.includes(name)) {
          expect(res.error?.code, `${who} ${name}`).toBe('42501');
          continue;
        }
        expect(res.error, `${who} ${name}`).toBeNull();
        const rows = res.data as Array<Record<string, unknown>>;
        // Enabled public sites are public information, for signed-in users too.
        const foreign = rows.filter((r) => r[orgCol ?? ''] !== ORG1 && !(name === 'public_sites' && r.enabled === true));
        if (orgCol) expect(foreign, `${who} sees foreign ${name}`).toEqual([]);
        if (who === 'owner1' && orgCol && orgsInTable.has(ORG1)) expect(rows.length, `owner sees ${name}`).toBeGreaterThan(0);
        if (who === 'member1' && MEMBER_HIDDEN.includes(name)) expect(rows, `member hidden ${name}`).toEqual([]);
        if (who === 'member1' && MEMBER_READS.includes(name) && orgsInTable.has(ORG1)) {
          expect(rows.length, `member reads ${name}`).toBeGreaterThan(0);
        }
      }

      const sa = await as.superAdmin.from(name as 'units').select('*');
      if (SECRET_TABLES.includes(name)) {
        expect(sa.error?.code).toBe('42501');
      } else if (orgCol && orgsInTable.has(ORG1) && orgsInTable.has(ORG2)) {
        const seen = new Set((sa.data as Array<Record<string, unknown>>).map((r) => r[orgCol]).filter((o) => o !== null));
        expect([...seen].sort(), `super admin ${name}`).toEqual([ORG1, ORG2].sort());
      }

      const vendor = await as.vendor1.from(name as 'units').select('*');
      if (SECRET_TABLES.includes(name)) {
        expect(vendor.error?.code).toBe('42501');
      } else {
        const rows = vendor.data as Array<Record<string, unknown>>;
        if (orgCol) {
          const foreign = rows.filter((r) => r[orgCol] === ORG2 && !(name === 'public_sites' && r.enabled === true));
          expect(foreign, `vendor sees org 2 ${name}`).toEqual([]);
        }
        if (['bookings', 'clients', 'invoices', 'payments', 'messages', 'audit_log', 'profiles'].includes(name)) {
          expect(rows.filter((r) => r.user_id !== undefined ? r.user_id !== '10000000-0000-4000-8000-000000000004' : true),
            `vendor sees ${name}`).toEqual([]);
        }
        if (name === 'tasks') {
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.every((r) => r.vendor_id === SPARKLE_VENDOR)).toBe(true);
        }
      }

      const pub = await as.anon.from(name as 'units').select(name === 'units' ? 'id, organization_id, is_active' : name === 'reviews'
        ? 'id, organization_id, is_published' : '*');
      const rule = ANON_READS[name];
      if (rule) {
        expect(pub.error, `anon ${name}`).toBeNull();
        const rows = pub.data as unknown as Array<Record<string, unknown>>;
        expect(rows.length, `anon reads ${name}`).toBeGreaterThan(0);
        expect(rows.every(rule), `anon rows of ${name}`).toBe(true);
      } else {
        expect(pub.error?.code ?? (pub.data as unknown[]).length, `anon ${name}`).toSatisfy(
          (v: unknown) => v === '42501' || v === 0 || (name === 'permissions' && v === '42501'));
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
      for (const who of ['owner1', 'member1', 'vendor1', 'superAdmin', 'anon'] as const) {
        await attemptWrites(as[who], name, orgCol, ORG2);
        expect(await fingerprint(name, orgCol, ORG2), `${who} changed org 2 ${name}`).toBe(before);
      }
    }
  });

  it('within org 1, the member, vendor, super admin and anon cannot write what they lack permission for', async () => {
    const memberWrites = ['clients', 'bookings', 'tasks', 'messages', 'profiles', 'organization_vendors'];
    for (const { name, orgCol } of tables) {
      if (!orgCol) continue;
      const before = await fingerprint(name, orgCol, ORG1);
      const callers = memberWrites.includes(name) ? (['vendor1', 'superAdmin', 'anon'] as const)
        : (['member1', 'vendor1', 'superAdmin', 'anon'] as const);
      for (const who of callers) {
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

  it('tables without an organisation: catalogue, marketplace and vendor memberships', async () => {
    for (const name of ['permissions', 'vendor_members']) {
      const before = await fingerprint(name, null, '');
      for (const who of ['owner1', 'member1', 'vendor1', 'superAdmin', 'anon'] as const) {
        await attemptWrites(as[who], name, null, '');
        expect(await fingerprint(name, null, ''), `${who} changed ${name}`).toBe(before);
      }
    }
    // The marketplace: staff read it all; only the listing org, the vendor itself or the
    // platform edit; verification is the platform's.
    const { data: listed } = await as.member1.from('vendors').select('id');
    expect(listed!.length).toBeGreaterThanOrEqual(6);
    const forge = await as.owner1.from('vendors').update({ verified: true }).eq('id', '40000000-0000-4000-8000-000000000005').select();
    expect(forge.data ?? []).toEqual([]);
    const own = await as.vendor1.from('vendors').update({ verified: false }).eq('id', SPARKLE_VENDOR);
    expect(own.error?.hint).toBe('vendor_verification_forbidden');
    const verify = await as.superAdmin.from('vendors').update({ verified: true }).eq('id', '40000000-0000-4000-8000-000000000005').select().single();
    expect(verify.data!.verified).toBe(true);
    expect(verify.data!.verified_at).not.toBeNull();
  });
});
