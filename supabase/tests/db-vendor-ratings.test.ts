/**
 * Issue 10, item 5: a vendor's marketplace rating cannot be vandalised. A rating needs a real
 * task of the rating organisation that went through the workflow to completed, assigned to that
 * vendor; it is given once, by staff holding vendors.write. The marketplace rating keeps the
 * ratings the listing came with (Sparkle Cleaning: 4.8 from 126) and counts each organisation
 * once, as the mean of its own ratings of that vendor. Acting as the demo owners of both
 * organisations (org 2 is the vandal), the team member, and the vendor's own user.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG2, SPARKLE_VENDOR, service, signInDemo, type Db } from './fixtures/db-accounts';

const AL_NOOR = '40000000-0000-4000-8000-000000000002'; // works for org 1
/** What the seed lists Sparkle Cleaning with. */
const SPARKLE_LISTED = { rating: 4.8, reviews_count: 126 };

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let member1: Db;
let vendor1: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  vendor1 = await signInDemo(stack, 'vendor1');
  // Organisation 2 adds Sparkle from the marketplace, as any organisation may.
  await owner2.from('organization_vendors').insert({ vendor_id: SPARKLE_VENDOR }).throwOnError();
});
afterAll(() => stack?.stop());

async function vendor(id: string) {
  const { data } = await svc.from('vendors').select('rating, reviews_count').eq('id', id).single().throwOnError();
  return { rating: Number(data.rating), reviews_count: data.reviews_count };
}

/** A task of the caller's organisation for `vendorId`, taken through the workflow to completed. */
async function completedTask(client: Db, vendorId: string, title = 'Turnover'): Promise<string> {
  const { data } = await client
    .from('tasks')
    .insert({ title: `${title} ${randomUUID().slice(0, 6)}`, vendor_id: vendorId })
    .select('id')
    .single()
    .throwOnError();
  await client.rpc('start_task', { task_id: data.id }).throwOnError();
  await client.rpc('complete_task', { task_id: data.id }).throwOnError();
  return data.id;
}

describe('fabricated tasks', () => {
  it('tasks cannot be inserted completed or rated: ten fake rows leave 4.8 from 126 ratings as it was', async () => {
    expect(await vendor(SPARKLE_VENDOR)).toEqual(SPARKLE_LISTED);
    const fakes = Array.from({ length: 10 }, (_, n) => ({
      title: `Never happened ${n}`,
      vendor_id: SPARKLE_VENDOR,
      status: 'completed' as const,
      rating: 1,
    }));
    const batch = await owner2.from('tasks').insert(fakes);
    expect(batch.error?.hint).toBe('task_created_completed');
    expect(batch.status).toBe(400);
    const completed = await owner2
      .from('tasks')
      .insert({ title: 'Done already', vendor_id: SPARKLE_VENDOR, status: 'completed' });
    expect(completed.error?.hint).toBe('task_created_completed');
    const rated = await owner2.from('tasks').insert({ title: 'Rated already', vendor_id: SPARKLE_VENDOR, rating: 1 });
    expect(rated.error?.hint).toBe('task_rating_not_completed');
    expect(
      (await svc.from('tasks').select('id').eq('organization_id', ORG2).eq('vendor_id', SPARKLE_VENDOR)).data,
    ).toEqual([]);
    expect(await vendor(SPARKLE_VENDOR)).toEqual(SPARKLE_LISTED);
  });
});

describe('rating a task', () => {
  it('needs the workflow to completed, the task’s own vendor and vendors.write; it is given once', async () => {
    const { data: open } = await owner1
      .from('tasks')
      .insert({ title: 'Not done yet', vendor_id: SPARKLE_VENDOR })
      .select('id')
      .single()
      .throwOnError();
    const early = await owner1.from('tasks').update({ rating: 2 }).eq('id', open.id).select();
    expect(early.error?.hint).toBe('task_rating_not_completed');
    // A cancelled task is not completed by editing its status.
    await owner1.rpc('cancel_task', { task_id: open.id }).throwOnError();
    const revived = await owner1.from('tasks').update({ status: 'completed' }).eq('id', open.id).select();
    expect(revived.error?.hint).toBe('task_transition_invalid');

    const done = await completedTask(owner1, SPARKLE_VENDOR);
    // The team member works on tasks but does not manage vendors: no rating.
    const byMember = await member1.from('tasks').update({ rating: 1 }).eq('id', done).select();
    expect(byMember.error?.hint).toBe('task_rating_forbidden');
    expect(byMember.status).toBe(403);
    // The work was Sparkle's: the rating cannot be moved to another vendor.
    const moved = await owner1.from('tasks').update({ vendor_id: AL_NOOR }).eq('id', done).select();
    expect(moved.error?.hint).toBe('task_vendor_locked');
    // Neither the vendor's own user nor another organisation can rate it.
    expect((await vendor1.from('tasks').update({ rating: 5 }).eq('id', done).select()).data ?? []).toEqual([]);
    expect((await owner2.from('tasks').update({ rating: 1 }).eq('id', done).select()).data ?? []).toEqual([]);

    const { data: given } = await owner1
      .from('tasks')
      .update({ rating: 5 })
      .eq('id', done)
      .select('rating, rated_by, rated_at')
      .single()
      .throwOnError();
    expect(given).toMatchObject({ rating: 5, rated_by: DEMO.owner1.id });
    for (const change of [{ rating: 1 }, { rating: null }]) {
      const again = await owner1.from('tasks').update(change).eq('id', done).select();
      expect(again.error?.hint, JSON.stringify(change)).toBe('task_rating_final');
      expect(again.status).toBe(409);
    }
    const reopened = await owner1.from('tasks').update({ status: 'pending' }).eq('id', done).select();
    expect(reopened.error).not.toBeNull();
    const { data: kept } = await svc.from('tasks').select('rating, status, vendor_id').eq('id', done).single();
    expect(kept).toEqual({ rating: 5, status: 'completed', vendor_id: SPARKLE_VENDOR });
    // One more voice (organisation 1) next to the 126 it was listed with.
    expect(await vendor(SPARKLE_VENDOR)).toEqual({
      rating: Math.round(((4.8 * 126 + 5) / 127) * 10) / 10,
      reviews_count: 127,
    });
  });
});

describe('the marketplace rating', () => {
  it('counts an organisation once, as the mean of its ratings: ten real 1-star tasks from org 2 cannot sink 4.8', async () => {
    const before = await vendor(SPARKLE_VENDOR);
    for (let n = 0; n < 10; n += 1) {
      const id = await completedTask(owner2, SPARKLE_VENDOR, 'Org 2 clean');
      await owner2.from('tasks').update({ rating: 1 }).eq('id', id).throwOnError();
    }
    const after = await vendor(SPARKLE_VENDOR);
    expect(after.reviews_count).toBe(before.reviews_count + 1);
    // 126 listed ratings of 4.8, organisation 1's 5, organisation 2's 1.
    expect(after.rating).toBe(Math.round(((4.8 * 126 + 5 + 1) / 128) * 10) / 10);
    expect(after.rating).toBeGreaterThanOrEqual(4.7);
    // Organisation 2 sees the same marketplace figure.
    const { data: seen } = await owner2
      .from('vendors')
      .select('rating, reviews_count')
      .eq('id', SPARKLE_VENDOR)
      .single();
    expect({ rating: Number(seen!.rating), reviews_count: seen!.reviews_count }).toEqual(after);
  });

  it('ratings leave with their tasks (deleted, or the vendor removed from the organisation); the last one leaves the listed rating', async () => {
    // Organisation 2 stops working with Sparkle: its tasks keep their history but no longer rate Sparkle.
    await owner2.from('organization_vendors').delete().eq('vendor_id', SPARKLE_VENDOR).throwOnError();
    expect(await vendor(SPARKLE_VENDOR)).toEqual({
      rating: Math.round(((4.8 * 126 + 5) / 127) * 10) / 10,
      reviews_count: 127,
    });
    // Organisation 1 deletes its rated task: back to exactly what Sparkle was listed with.
    const { data: rated } = await owner1
      .from('tasks')
      .select('id')
      .eq('vendor_id', SPARKLE_VENDOR)
      .not('rating', 'is', null)
      .throwOnError();
    expect(rated.length).toBeGreaterThan(0);
    await owner1
      .from('tasks')
      .delete()
      .in(
        'id',
        rated.map((t) => t.id),
      )
      .throwOnError();
    expect(await vendor(SPARKLE_VENDOR)).toEqual(SPARKLE_LISTED);

    // A vendor listed without ratings goes back to none.
    const { data: fresh } = await owner1
      .from('vendors')
      .insert({ name: `Qassim Pest ${randomUUID().slice(0, 6)}`, categories: ['maintenance'] })
      .select('id')
      .single()
      .throwOnError();
    await owner1.from('organization_vendors').insert({ vendor_id: fresh.id }).throwOnError();
    const task = await completedTask(owner1, fresh.id);
    await owner1.from('tasks').update({ rating: 4 }).eq('id', task).throwOnError();
    expect(await vendor(fresh.id)).toEqual({ rating: 4, reviews_count: 1 });
    await owner1.from('tasks').delete().eq('id', task).throwOnError();
    expect(await vendor(fresh.id)).toEqual({ rating: 0, reviews_count: 0 });
  });

  it('the ratings a listing came with are the platform’s: an organisation cannot set or change them', async () => {
    const { data: listed } = await owner1
      .from('vendors')
      .insert({
        name: `Forged Reviews ${randomUUID().slice(0, 6)}`,
        categories: ['cleaning'],
        rating: 5,
        reviews_count: 500,
        prior_rating_sum: 2500,
        prior_reviews_count: 500,
      })
      .select('rating, reviews_count, prior_rating_sum, prior_reviews_count, id')
      .single()
      .throwOnError();
    expect(listed).toMatchObject({ rating: 0, reviews_count: 0, prior_rating_sum: 0, prior_reviews_count: 0 });
    const forge = await owner1
      .from('vendors')
      .update({ prior_rating_sum: 2500, prior_reviews_count: 500 })
      .eq('id', listed.id)
      .select();
    expect(forge.error?.hint).toBe('vendor_verification_forbidden');
    expect(await vendor(listed.id)).toEqual({ rating: 0, reviews_count: 0 });
  });
});
