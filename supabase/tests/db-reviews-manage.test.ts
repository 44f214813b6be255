/**
 * Settings → Public site → Guest reviews (SPEC §2, §4) through supabase-js, as the screen sends
 * it: staff of the organisation read every review; only holders of `reviews.manage` publish,
 * unpublish and delete (RLS answers anyone else with zero rows, never a change); another
 * organisation sees and changes nothing; visitors see published reviews of enabled sites only.
 * Reviews are set up by the service role (fixture, not the act under test).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, ORG1, ORG2, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let member1: Db;
let visitor: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  [owner1, owner2, member1] = await Promise.all([
    signInDemo(stack, 'owner1'),
    signInDemo(stack, 'owner2'),
    signInDemo(stack, 'member1'),
  ]);
  visitor = anon(stack);
});
afterAll(() => stack?.stop());

/** A fresh unpublished review of `org` with a name no other test uses. */
async function newReview(org: string, published = false) {
  const guest = `Reviewer ${randomUUID().slice(0, 8)}`;
  const { data } = await svc
    .from('reviews')
    .insert({
      organization_id: org,
      unit_id: org === ORG1 ? unitId(1) : null,
      guest_name: guest,
      rating: 4,
      message: 'Quiet and clean',
      is_published: published,
    })
    .select('id, guest_name')
    .single()
    .throwOnError();
  return data;
}

async function stored(id: string) {
  const { data } = await svc.from('reviews').select('is_published, published_at').eq('id', id).single().throwOnError();
  return data;
}

const publicIds = async (org: string) => {
  const { data, error } = await visitor.from('reviews').select('id').eq('organization_id', org);
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.id);
};

describe('reviews management', () => {
  it('the owner lists the organisation’s reviews with unit and stay, filtered and counted on the server', async () => {
    const review = await newReview(ORG1);
    const { data, count, error } = await owner1
      .from('reviews')
      .select(
        'id, guest_name, rating, is_published, unit:units(id, name, name_ar), booking:bookings(id, booking_reference, check_in, check_out)',
        { count: 'exact' },
      )
      .eq('is_published', false)
      .eq('rating', 4)
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(error).toBeNull();
    expect(count).toBeGreaterThanOrEqual(1);
    const row = data?.find((r) => r.id === review.id);
    expect(row).toMatchObject({ guest_name: review.guest_name, is_published: false, unit: { id: unitId(1) } });
    expect(data?.every((r) => !r.is_published && r.rating === 4)).toBe(true);

    // Seeded reviews are linked to their stay.
    const seeded = await owner1
      .from('reviews')
      .select('booking:bookings(booking_reference)')
      .not('booking_id', 'is', null)
      .limit(1)
      .single();
    expect(seeded.data?.booking?.booking_reference).toMatch(/\S/);
  });

  it('the owner publishes (published_at stamped) and unpublishes (cleared); visitors see it only while published', async () => {
    const review = await newReview(ORG1);
    expect(await publicIds(ORG1)).not.toContain(review.id);

    const published = await owner1.from('reviews').update({ is_published: true }).eq('id', review.id).select('id');
    expect(published.error).toBeNull();
    expect(published.data).toHaveLength(1);
    const afterPublish = await stored(review.id);
    expect(afterPublish.is_published).toBe(true);
    expect(afterPublish.published_at).not.toBeNull();
    expect(await publicIds(ORG1)).toContain(review.id);
    // The public page's own query (get-public-site.ts) finds it too.
    const page = await visitor
      .from('reviews')
      .select('id, guest_name, rating, message, published_at, created_at')
      .eq('organization_id', ORG1)
      .eq('is_published', true)
      .order('published_at', { ascending: false })
      .limit(12);
    expect(page.data?.map((r) => r.id)).toContain(review.id);

    const unpublished = await owner1.from('reviews').update({ is_published: false }).eq('id', review.id).select('id');
    expect(unpublished.data).toHaveLength(1);
    expect(await stored(review.id)).toEqual({ is_published: false, published_at: null });
    expect(await publicIds(ORG1)).not.toContain(review.id);
  });

  it('a member without reviews.manage reads the list but can neither publish, unpublish nor delete', async () => {
    const { data: permissions } = await member1.rpc('my_permissions');
    expect(permissions).not.toContain('reviews.manage');
    const review = await newReview(ORG1);
    const shown = await member1.from('reviews').select('id').eq('id', review.id);
    expect(shown.data).toHaveLength(1);

    const publish = await member1.from('reviews').update({ is_published: true }).eq('id', review.id).select('id');
    expect(publish.data ?? []).toHaveLength(0);
    expect((await stored(review.id)).is_published).toBe(false);

    const live = await newReview(ORG1, true);
    const unpublish = await member1.from('reviews').update({ is_published: false }).eq('id', live.id).select('id');
    expect(unpublish.data ?? []).toHaveLength(0);
    expect((await stored(live.id)).is_published).toBe(true);

    const removed = await member1.from('reviews').delete().eq('id', review.id).select('id');
    expect(removed.data ?? []).toHaveLength(0);
    expect(await stored(review.id)).toBeTruthy();
  });

  it('another organisation’s owner neither sees nor changes them', async () => {
    const review = await newReview(ORG1);
    const seen = await owner2.from('reviews').select('id').eq('id', review.id);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const listed = await owner2.from('reviews').select('organization_id');
    expect(new Set(listed.data?.map((r) => r.organization_id))).toEqual(new Set([ORG2]));

    const publish = await owner2.from('reviews').update({ is_published: true }).eq('id', review.id).select('id');
    expect(publish.data ?? []).toHaveLength(0);
    expect((await stored(review.id)).is_published).toBe(false);
    const removed = await owner2.from('reviews').delete().eq('id', review.id).select('id');
    expect(removed.data ?? []).toHaveLength(0);
    expect(await stored(review.id)).toBeTruthy();

    // Nor can it move a review of its own into the other organisation.
    const own = await newReview(ORG2);
    const moved = await owner2.from('reviews').update({ organization_id: ORG1 }).eq('id', own.id).select('id');
    expect(moved.error).not.toBeNull();
  });

  it('the owner deletes a review for good', async () => {
    const review = await newReview(ORG1, true);
    const removed = await owner1.from('reviews').delete().eq('id', review.id).select('id');
    expect(removed.data).toHaveLength(1);
    const { data } = await svc.from('reviews').select('id').eq('id', review.id);
    expect(data).toEqual([]);
  });

  it('visitors see only published reviews, and only of enabled sites', async () => {
    const hidden = await newReview(ORG2);
    const shown = await newReview(ORG2, true);
    let ids = await publicIds(ORG2);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    const { data: all } = await visitor.from('reviews').select('is_published');
    expect(all?.every((r) => r.is_published)).toBe(true);

    await svc.from('public_sites').update({ enabled: false }).eq('organization_id', ORG2).throwOnError();
    try {
      ids = await publicIds(ORG2);
      expect(ids).toEqual([]);
    } finally {
      await svc.from('public_sites').update({ enabled: true }).eq('organization_id', ORG2).throwOnError();
    }
    expect(await publicIds(ORG2)).toContain(shown.id);

    // Visitors change nothing, published or not.
    const publish = await visitor.from('reviews').update({ is_published: true }).eq('id', hidden.id).select('id');
    expect(publish.data ?? []).toHaveLength(0);
    expect((await stored(hidden.id)).is_published).toBe(false);
  });
});
