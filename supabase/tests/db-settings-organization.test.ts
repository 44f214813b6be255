/**
 * Settings → Organisation and Profile (issue 14): the writes the two tabs send, through
 * supabase-js as each kind of caller — the owner (settings.manage), a member without it
 * (the demo team member), a custom role holding settings.manage, another organisation's owner and a
 * visitor. No rule of its own: these hold the screens to the rules already in the database
 * (organizations_update policy, organizations_tax_guard, the enums, profiles_update).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, DEMO, newStaff, ORG1, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let manager: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  manager = (await newStaff(stack, { org: ORG1, permissions: ['settings.manage'], name: 'Settings only' })).client;
});
afterAll(() => stack?.stop());

async function org(id: string) {
  const { data } = await svc.from('organizations').select('*').eq('id', id).single().throwOnError();
  return data;
}

describe('Settings → Organisation', () => {
  it('the owner saves name, time zone, currency, country, VAT, CR and national address', async () => {
    const { data, error } = await owner1
      .from('organizations')
      .update({
        name: 'Nuzl Stays',
        name_ar: 'نزل للإقامة',
        default_timezone: 'America/New_York',
        default_currency: 'USD',
        country: 'AE',
        vat_number: '310122393500003',
        commercial_registration: '1010123456',
        address_street: 'King Fahd Rd',
        address_building_number: '8228',
        address_district: 'Al Olaya',
        address_city: 'Riyadh',
        address_postal_code: '12643',
      })
      .eq('id', ORG1)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ORG1 }]);
    expect(await org(ORG1)).toMatchObject({ default_timezone: 'America/New_York', vat_number: '310122393500003' });
  });

  it('a holder of settings.manage without the admin role may save too', async () => {
    const { data, error } = await manager
      .from('organizations')
      .update({ default_timezone: 'Asia/Dubai' })
      .eq('id', ORG1)
      .select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('refuses a malformed VAT number, CR or building number with a 400 and its key', async () => {
    for (const [row, hint] of [
      [{ vat_number: '123456789012345' }, 'vat_number_invalid'],
      [{ vat_number: '31012239350000' }, 'vat_number_invalid'],
      [{ commercial_registration: '12345' }, 'commercial_registration_invalid'],
      [{ address_building_number: '12' }, 'building_number_invalid'],
      [{ address_postal_code: '1234' }, 'postal_code_invalid'],
    ] as const) {
      const result = await owner1.from('organizations').update(row).eq('id', ORG1).select('id');
      expect({ status: result.status, hint: result.error?.hint }).toEqual({ status: 400, hint });
    }
  });

  it('refuses a time zone outside SPEC §9 and an empty name', async () => {
    const zone = await owner1
      .from('organizations')
      .update({ default_timezone: 'Asia/Tokyo' as never })
      .eq('id', ORG1)
      .select('id');
    expect(zone.status).toBe(400);
    const name = await owner1.from('organizations').update({ name: '  ' }).eq('id', ORG1).select('id');
    expect(name.status).toBe(400);
    expect((await org(ORG1)).name).not.toBe('  ');
  });

  it('a team member and another organisation’s owner change nothing; a visitor neither', async () => {
    const before = await org(ORG1);
    const byMember = await member1.from('organizations').update({ name: 'Hacked' }).eq('id', ORG1).select('id');
    expect(byMember.data).toEqual([]);
    const byOther = await owner2.from('organizations').update({ name: 'Hacked' }).eq('id', ORG1).select('id');
    expect(byOther.data).toEqual([]);
    const byVisitor = await anon(stack).from('organizations').update({ name: 'Hacked' }).eq('id', ORG1).select('id');
    expect(byVisitor.data ?? []).toEqual([]);
    expect((await org(ORG1)).name).toBe(before.name);
    // The team member still reads their own organisation (the tab shows it read-only).
    const read = await member1.from('organizations').select('name, slug').eq('id', ORG1).single();
    expect(read.data?.slug).toBe('demo');
  });
});

describe('Settings → Profile', () => {
  it('a member saves their own name and Spanish as preferred language', async () => {
    const { data, error } = await member1
      .from('profiles')
      .update({ full_name: 'Noura Team', preferred_language: 'es' })
      .eq('user_id', DEMO.member1.id)
      .select('full_name, preferred_language');
    expect(error).toBeNull();
    expect(data).toEqual([{ full_name: 'Noura Team', preferred_language: 'es' }]);
  });

  it('refuses a language outside en, ar, es and an empty name', async () => {
    const language = await member1
      .from('profiles')
      .update({ preferred_language: 'fr' as never })
      .eq('user_id', DEMO.member1.id)
      .select('id');
    expect(language.status).toBe(400);
    const name = await member1.from('profiles').update({ full_name: ' ' }).eq('user_id', DEMO.member1.id).select('id');
    expect(name.status).toBe(400);
  });

  it("nobody changes another member's profile without users.manage, nor one of another organisation", async () => {
    const byMember = await member1
      .from('profiles')
      .update({ preferred_language: 'en' })
      .eq('user_id', DEMO.owner1.id)
      .select('id');
    expect(byMember.data).toEqual([]);
    const byOther = await owner2
      .from('profiles')
      .update({ full_name: 'Hacked' })
      .eq('user_id', DEMO.member1.id)
      .select('id');
    expect(byOther.data).toEqual([]);
    const { data } = await svc.from('profiles').select('full_name').eq('user_id', DEMO.member1.id).single();
    expect(data?.full_name).toBe('Noura Team');
  });
});
