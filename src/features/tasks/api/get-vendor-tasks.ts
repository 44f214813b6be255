import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { Constants } from '@/types/database';
import { taskKeys } from './keys';

const text = z.string();
const optional = z.string().nullable();

/**
 * One row of vendor_tasks() (supabase/migrations/…_vendor_tasks_bilingual.sql). The generated
 * types call every column of a `returns table` function non-null; here the unit, the stay and
 * the optional texts are nullable, as the outer joins and the columns make them.
 */
const vendorTaskSchema = z.object({
  id: text,
  organization_id: text,
  organization_name: text,
  organization_name_ar: optional,
  title: text,
  title_ar: optional,
  description: optional,
  description_ar: optional,
  type: z.enum(Constants.public.Enums.task_type),
  priority: z.enum(Constants.public.Enums.task_priority),
  status: z.enum(Constants.public.Enums.task_status),
  due_at: optional,
  started_at: optional,
  completed_at: optional,
  completed_by_name: optional,
  /** Read by TaskChecklist, which checks each item itself. */
  checklist: z.unknown(),
  unit_id: optional,
  unit_name: optional,
  unit_name_ar: optional,
  unit_address: optional,
  unit_city: optional,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  unit_check_in_time: optional,
  unit_check_out_time: optional,
  booking_id: optional,
  check_in: optional,
  check_out: optional,
  guests_count: z.number().nullable(),
});

export const vendorTasksSchema = z.array(vendorTaskSchema);
export type VendorTask = z.infer<typeof vendorTaskSchema>;

/**
 * A vendor user's work: the tasks assigned to its vendor with the unit's address and
 * location, the stay dates and the checklist (vendor_tasks(); bookings stay closed to it).
 */
export function getVendorTasks(signal?: AbortSignal): Promise<VendorTask[]> {
  return run(supabase.rpc('vendor_tasks'), { signal, schema: vendorTasksSchema });
}

export function vendorTasksQueryOptions(userId: string) {
  return queryOptions({ queryKey: taskKeys.vendorTasks(userId), queryFn: ({ signal }) => getVendorTasks(signal) });
}

export function useVendorTasks(userId: string) {
  return useQuery(vendorTasksQueryOptions(userId));
}
