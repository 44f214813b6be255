/**
 * Issue 7, the vendor marketplace through supabase-js as signed-in demo users: adding a
 * marketplace vendor to the organisation, and verification by an administrator with who and
 * when (set_vendor_verification), refused to team members, vendors and outsiders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, SPARKLE_VENDOR, service, signInDemo, type Db } from './fixtures/db-accounts';

const DESERT_RIDE = '40000000-0000-4000-8000-000000000004'; // unverified, works for org 1
const HEMAYA = '40000000-0000-4000-8000-000000000005'; // unverified, works for nobody
const RED_SEA = '40000000-0000-4000-8000-000000000003'; // verified, works for org 2 only

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let vendor1: Db;
let superAdmin: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  vendor1 = await signInDemo(stack, 'vendor1');
  superAdmin = await signInDemo(stack, 'superAdmin');
  svc = service(stack);
});
afterAll(() => stack?.stop());

describe('verification', () => {
  it('an administrator of an organisation working with the vendor verifies and unverifies it, with who and when', async () => {
    const before = Date.now() - 5_000;
    const verified = await owner1.rpc('set_vendor_verification', { vendor_id: DESERT_RIDE, verified: true });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ verified: true, verification_changed_by: DEMO.owner1.id });
    expect(verified.data!.verification_changed_by_name).toBeTruthy();
    expect(Date.parse(verified.data!.verified_at!)).toBeGreaterThan(before);
    expect(Date.parse(verified.data!.verification_changed_at!)).toBeGreaterThan(before);
    // Every organisation sees the badge: it is the marketplace's.
    expect((await owner2.from('vendors').select('verified').eq('id', DESERT_RIDE).single()).data!.verified).toBe(true);

    const unverified = await owner1.rpc('set_vendor_verification', { vendor_id: DESERT_RIDE, verified: false });
    expect(unverified.data).toMatchObject({
      verified: false,
      verified_at: null,
      verification_changed_by: DEMO.owner1.id,
    });
  });

  it('is refused to team members, vendor users, organisations without a relationship, and direct writes', async () => {
    for (const [who, client, vendor] of [
      ['member1', member1, DESERT_RIDE],
      ['vendor1', vendor1, SPARKLE_VENDOR],
      ['owner1 (no relationship)', owner1, HEMAYA],
      ['owner1 (other org’s vendor)', owner1, RED_SEA],
    ] as const) {
      const { error } = await client.rpc('set_vendor_verification', { vendor_id: vendor, verified: true });
      expect(error?.hint, who).toBe('vendor_verification_forbidden');
      expect(error?.code, who).toBe('42501');
    }
    const direct = await owner1.from('vendors').update({ verified: true }).eq('id', DESERT_RIDE).select();
    expect(direct.data ?? []).toEqual([]);
    const { data: untouched } = await svc.from('vendors').select('verified').in('id', [DESERT_RIDE, HEMAYA]);
    expect(untouched!.every((v) => !v.verified)).toBe(true);
  });

  it('the platform super administrator verifies any vendor', async () => {
    const { data, error } = await superAdmin.rpc('set_vendor_verification', { vendor_id: HEMAYA, verified: true });
    expect(error).toBeNull();
    expect(data).toMatchObject({ verified: true, verification_changed_by: DEMO.superAdmin.id });
  });
});

describe('marketplace', () => {
  it('staff see every listing; an organisation adds one and assigns it tasks; team members cannot add', async () => {
    const { data: listed } = await member1.from('vendors').select('id, categories, services, rating, verified');
    expect(listed!.length).toBeGreaterThanOrEqual(6);
    expect(listed!.every((v) => v.categories.length > 0)).toBe(true);
    const refused = await member1.from('organization_vendors').insert({ vendor_id: RED_SEA });
    expect(refused.error).not.toBeNull();
    // Not yet the organisation's vendor: tasks cannot go to it.
    const early = await owner1.from('tasks').insert({ title: 'Laundry run', vendor_id: RED_SEA });
    expect(early.error?.code).toBe('23503');
    await owner1.from('organization_vendors').insert({ vendor_id: RED_SEA }).throwOnError();
    const { data: mine } = await owner1.from('organization_vendors').select('vendor_id').eq('organization_id', ORG1);
    expect(mine!.map((v) => v.vendor_id)).toContain(RED_SEA);
    await owner1.from('tasks').insert({ title: 'Laundry run', vendor_id: RED_SEA }).throwOnError();
  });

  it('an organisation lists a new vendor (unverified, unrated) and adds it to itself', async () => {
    const { data: created } = await owner1
      .from('vendors')
      .insert({
        name: 'Qassim Pest Control',
        categories: ['maintenance'],
        services: ['Pest control'],
        verified: true,
        rating: 5,
      })
      .select('*')
      .single()
      .throwOnError();
    expect(created).toMatchObject({ verified: false, rating: 0, reviews_count: 0, created_by_organization_id: ORG1 });
    await owner1.from('organization_vendors').insert({ vendor_id: created.id }).throwOnError();
  });
});
