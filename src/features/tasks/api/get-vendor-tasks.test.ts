import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { json, stubRest } from '@/test/fake-rest';
import { getVendorTasks } from './get-vendor-tasks';

/** A task without a unit or a stay: vendor_tasks() answers null for every column of the outer joins. */
const task = {
  id: 't1',
  organization_id: 'o1',
  organization_name: 'Nuzl Demo Stays',
  organization_name_ar: null,
  title: 'Deep clean',
  title_ar: null,
  description: null,
  description_ar: null,
  type: 'cleaning',
  priority: 'high',
  status: 'pending',
  due_at: null,
  started_at: null,
  completed_at: null,
  completed_by_name: null,
  checklist: [{ label: 'Linen', done: false }],
  unit_id: null,
  unit_name: null,
  unit_name_ar: null,
  unit_address: null,
  unit_city: null,
  latitude: null,
  longitude: null,
  unit_check_in_time: null,
  unit_check_out_time: null,
  booking_id: null,
  check_in: null,
  check_out: null,
  guests_count: null,
};

let answer: unknown;
beforeEach(() => {
  stubRest(() => json(answer));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getVendorTasks (vendor_tasks rows)', () => {
  it('accepts the nulls of a task without unit or stay (the generated types say none can be null)', async () => {
    answer = [task];
    await expect(getVendorTasks()).resolves.toEqual([task]);
  });

  it('fails loudly on a status the app does not know', async () => {
    answer = [{ ...task, status: 'paused' }];
    await expect(getVendorTasks()).rejects.toBeInstanceOf(AppError);
  });
});
