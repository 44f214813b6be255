/**
 * Issue 7: what the demo vendor user (+966500000004, Sparkle Cleaning) sees and may do, signed
 * in by phone code like the app: only the tasks assigned to its vendor, its checklist, and the
 * photos folder of those tasks — nothing else of the organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, SPARKLE_VENDOR, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

const AL_NOOR_VENDOR = '40000000-0000-4000-8000-000000000002';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

let stack: TestStack;
let owner1: Db;
let vendor1: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  vendor1 = await signInDemo(stack, 'vendor1');
  svc = service(stack);
});
afterAll(() => stack?.stop());

async function sparkleTaskIds(): Promise<Set<string>> {
  const { data, error } = await svc.from('tasks').select('id').eq('vendor_id', SPARKLE_VENDOR);
  if (error) throw new Error(error.message);
  return new Set(data.map((t) => t.id));
}

describe('vendor visibility', () => {
  it('reads exactly the tasks assigned to its vendor, in every organisation it works for', async () => {
    const expected = await sparkleTaskIds();
    expect(expected.size).toBeGreaterThan(2);
    const { data, error } = await vendor1.from('tasks').select('id, vendor_id, organization_id');
    expect(error).toBeNull();
    expect(new Set(data!.map((t) => t.id))).toEqual(expected);
    const { count: all } = await svc.from('tasks').select('*', { count: 'exact', head: true });
    expect(all!).toBeGreaterThan(expected.size);
  });

  it('vendor_tasks gives unit address, coordinates, stay dates and checklist of open and finished work', async () => {
    const { data: created } = await owner1
      .from('tasks')
      .insert({
        title: 'Turnover — Narjis villa',
        type: 'cleaning',
        unit_id: unitId(1),
        vendor_id: SPARKLE_VENDOR,
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        checklist: [
          { label: 'Change linen', done: false },
          { label: 'Restock coffee', done: false },
        ],
      })
      .select('id')
      .single()
      .throwOnError();
    const { data, error } = await vendor1.rpc('vendor_tasks');
    expect(error).toBeNull();
    const expected = await sparkleTaskIds();
    const { data: cancelled } = await svc
      .from('tasks')
      .select('id')
      .eq('vendor_id', SPARKLE_VENDOR)
      .eq('status', 'cancelled');
    expect(new Set(data!.map((t) => t.id))).toEqual(
      new Set([...expected].filter((id) => !cancelled!.some((c) => c.id === id))),
    );
    const mine = data!.find((t) => t.id === created.id)!;
    expect(mine.unit_name).toBeTruthy();
    expect(mine.unit_address).toContain(mine.unit_city!);
    expect(mine.latitude).not.toBeNull();
    expect(mine.checklist).toEqual([
      { label: 'Change linen', done: false },
      { label: 'Restock coffee', done: false },
    ]);
    // A checkout cleaning task carries the stay dates of its booking.
    expect(data!.some((t) => t.booking_id && t.check_out)).toBe(true);
  });

  it('loses a task the organisation reassigns to another vendor, and cannot work on it any more', async () => {
    const { data: task } = await owner1
      .from('tasks')
      .insert({ title: 'Balcony glass', type: 'cleaning', unit_id: unitId(2), vendor_id: SPARKLE_VENDOR })
      .select('id')
      .single()
      .throwOnError();
    expect((await vendor1.from('tasks').select('id').eq('id', task.id)).data).toHaveLength(1);
    await owner1.from('tasks').update({ vendor_id: AL_NOOR_VENDOR }).eq('id', task.id).throwOnError();
    expect((await vendor1.from('tasks').select('id').eq('id', task.id)).data).toEqual([]);
    expect((await vendor1.rpc('start_task', { task_id: task.id })).error?.code).toBe('42501');
  });

  it('sees nothing else of the organisation and cannot create, edit, cancel or rate tasks', async () => {
    for (const table of ['bookings', 'clients', 'invoices', 'payments', 'roles', 'user_roles'] as const) {
      const { data } = await vendor1.from(table).select('organization_id').eq('organization_id', ORG1);
      expect(data ?? [], table).toEqual([]);
    }
    // Which organisations it works for, and nothing about the organisation's other vendors.
    const { data: links } = await vendor1.from('organization_vendors').select('vendor_id');
    expect(links!.length).toBeGreaterThan(0);
    expect(links!.every((l) => l.vendor_id === SPARKLE_VENDOR)).toBe(true);
    const { data: profiles } = await vendor1.from('profiles').select('user_id');
    expect(profiles).toHaveLength(1);
    const insert = await vendor1
      .from('tasks')
      .insert({ organization_id: ORG1, title: 'Sneaky', vendor_id: SPARKLE_VENDOR });
    expect(insert.error).not.toBeNull();
    const [own] = [...(await sparkleTaskIds())];
    expect((await vendor1.rpc('cancel_task', { task_id: own! })).error?.code).toBe('42501');
    const edit = await vendor1.from('tasks').update({ rating: 5 }).eq('id', own!).select();
    expect(edit.data ?? []).toEqual([]);
    // Units: no rows at all, not even those of its tasks (vendor_tasks() carries what the work needs).
    const { data: units } = await vendor1.from('units').select('id');
    expect(units).toEqual([]);
  });

  it('ticks the checklist of its own task, starts and completes it, and the organisation sees who did it', async () => {
    const { data: task } = await owner1
      .from('tasks')
      .insert({
        title: 'Deep clean kitchen',
        type: 'cleaning',
        unit_id: unitId(3),
        vendor_id: SPARKLE_VENDOR,
        checklist: [
          { label: 'Oven', done: false },
          { label: 'Fridge', done: false },
        ],
      })
      .select('id')
      .single()
      .throwOnError();
    const ticked = await vendor1.rpc('set_task_checklist_item', { task_id: task.id, item_index: 1, done: true });
    expect(ticked.error).toBeNull();
    expect(ticked.data!.checklist).toEqual([
      { label: 'Oven', done: false },
      { label: 'Fridge', done: true },
    ]);
    expect(
      (await vendor1.rpc('set_task_checklist_item', { task_id: task.id, item_index: 2, done: true })).error?.hint,
    ).toBe('task_checklist_item_invalid');
    await vendor1.rpc('start_task', { task_id: task.id }).throwOnError();
    await vendor1.rpc('complete_task', { task_id: task.id }).throwOnError();
    const { data: seen } = await owner1
      .from('tasks')
      .select('status, completed_at, completed_by, completed_by_name')
      .eq('id', task.id)
      .single();
    expect(seen!.status).toBe('completed');
    expect(seen!.completed_at).not.toBeNull();
    expect(seen!.completed_by).toBe('10000000-0000-4000-8000-000000000004');
    expect(seen!.completed_by_name).toBeTruthy();
    // Closed tasks keep their checklist.
    expect(
      (await vendor1.rpc('set_task_checklist_item', { task_id: task.id, item_index: 0, done: true })).error?.hint,
    ).toBe('task_transition_invalid');
    // Another vendor's task is out of reach.
    const { data: foreign } = await owner1
      .from('tasks')
      .insert({
        title: 'AC filter',
        type: 'maintenance',
        vendor_id: AL_NOOR_VENDOR,
        checklist: [{ label: 'Filter', done: false }],
      })
      .select('id')
      .single()
      .throwOnError();
    expect(
      (await vendor1.rpc('set_task_checklist_item', { task_id: foreign.id, item_index: 0, done: true })).error?.code,
    ).toBe('42501');
  });
});

describe('in the vendor’s language (session 2)', () => {
  it('vendor_tasks carries the Arabic organisation name and the Arabic text of check-out cleaning tasks', async () => {
    const { data, error } = await vendor1.rpc('vendor_tasks');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    for (const task of data!) {
      expect(task).toMatchObject({ organization_name: 'Nuzl Demo Stays', organization_name_ar: 'نُزُل للإقامات' });
    }
    // The seed checks stays out through the trigger: their cleaning tasks are the vendor's.
    const { data: generated } = await svc
      .from('tasks')
      .select('id, title, title_ar, description, description_ar')
      .eq('vendor_id', SPARKLE_VENDOR)
      .eq('origin', 'checkout')
      .neq('status', 'cancelled')
      .throwOnError();
    expect(generated.length).toBeGreaterThan(0);
    for (const row of generated) {
      expect(row.title_ar).toMatch(/^تنظيف: /);
      expect(row.description_ar).toMatch(/^تنظيف بين الإقامات بعد الحجز BK-/);
      expect(data!.find((t) => t.id === row.id)).toMatchObject(row);
    }
  });

  it('vendor_organizations names the organisations it works for, in both languages, and nothing more', async () => {
    const { data, error } = await vendor1.rpc('vendor_organizations');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ORG1, name: 'Nuzl Demo Stays', name_ar: 'نُزُل للإقامات' }]);
    // A second organisation that adds the vendor is named too, until it removes it again.
    await svc.from('organization_vendors').insert({ organization_id: ORG2, vendor_id: SPARKLE_VENDOR }).throwOnError();
    try {
      const both = await vendor1.rpc('vendor_organizations');
      expect(both.data!.map((o) => o.name_ar)).toEqual(['نُزُل للإقامات', 'البيوت الثانية']);
    } finally {
      await svc
        .from('organization_vendors')
        .delete()
        .eq('organization_id', ORG2)
        .eq('vendor_id', SPARKLE_VENDOR)
        .throwOnError();
    }
    expect((await vendor1.rpc('vendor_organizations')).data).toHaveLength(1);
    // The organisations themselves stay closed to the vendor user.
    expect((await vendor1.from('organizations').select('id')).data).toEqual([]);
    // Staff belong to an organisation and have no vendor: nothing; visitors cannot call it.
    expect((await owner1.rpc('vendor_organizations')).data).toEqual([]);
    expect((await stack.client('anon').rpc('vendor_organizations')).error).not.toBeNull();
  });
});

describe('photos of the result', () => {
  it('the vendor uploads and lists photos only in the folders of its own tasks; staff see them', async () => {
    const [own] = [...(await sparkleTaskIds())];
    const { data: ownTask } = await svc.from('tasks').select('id, organization_id').eq('id', own!).single();
    const { data: other } = await svc
      .from('tasks')
      .select('id, organization_id')
      .neq('vendor_id', SPARKLE_VENDOR)
      .limit(1)
      .single();
    const ownPath = `${ownTask!.organization_id}/${ownTask!.id}/after.jpg`;
    const bucket = vendor1.storage.from('task-photos');

    const up = await bucket.upload(ownPath, JPEG, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    const refused = await bucket.upload(`${other!.organization_id}/${other!.id}/after.jpg`, JPEG, {
      contentType: 'image/jpeg',
    });
    expect(refused.error).not.toBeNull();
    const wrongOrg = await bucket.upload(`${ownTask!.organization_id}/not-a-task/after.jpg`, JPEG, {
      contentType: 'image/jpeg',
    });
    expect(wrongOrg.error).not.toBeNull();

    const listed = await bucket.list(`${ownTask!.organization_id}/${ownTask!.id}`);
    expect(listed.data!.map((o) => o.name)).toEqual(['after.jpg']);
    // The organisation's staff read it through a signed URL (the bucket is private).
    const signed = await owner1.storage.from('task-photos').createSignedUrl(ownPath, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG);
    // Without a token nothing is public.
    const anonymous = await fetch(`${stack.apiUrl}/storage/v1/object/public/task-photos/${ownPath}`);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
  });
});
