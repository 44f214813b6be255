-- vendor_tasks() in both languages: the Arabic name of the organisation a task is for, and the
-- Arabic title and description the database writes for generated tasks (tasks.title_ar and
-- tasks.description_ar, 20261122031000_bilingual_generated_text.sql), so a vendor user reading
-- Arabic sees «تنظيف: …» and «نُزُل للإقامات» instead of English.
--
-- Every column of the previous definition is kept, in its place; the unit's check-in and
-- check-out times are added here too, because 20261122039200_vendor_unit_visibility.sql takes
-- unit rows away from vendor users and this function becomes the only way they learn when a
-- stay starts and ends. The new columns come after the old ones. The return type changes, so it is dropped and created again.
drop function if exists public.vendor_tasks();
create function public.vendor_tasks()
returns table (
  id uuid, organization_id uuid, organization_name text, title text, description text,
  type public.task_type, priority public.task_priority, status public.task_status,
  due_at timestamptz, started_at timestamptz, completed_at timestamptz, completed_by_name text,
  checklist jsonb,
  unit_id uuid, unit_name text, unit_name_ar text, unit_address text, unit_city text,
  latitude numeric, longitude numeric, unit_check_in_time time, unit_check_out_time time,
  booking_id uuid, check_in date, check_out date, guests_count integer,
  organization_name_ar text, title_ar text, description_ar text
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.organization_id, o.name, t.title, t.description, t.type, t.priority, t.status,
         t.due_at, t.started_at, t.completed_at, t.completed_by_name, t.checklist,
         u.id, u.name, u.name_ar, concat_ws(', ', u.address_street, u.address_city), u.address_city,
         u.latitude, u.longitude, u.check_in_time, u.check_out_time,
         b.id, b.check_in, b.check_out, b.guests_count,
         o.name_ar, t.title_ar, t.description_ar
  from public.tasks t
  join public.organizations o on o.id = t.organization_id
  left join public.units u on u.id = t.unit_id
  left join public.bookings b on b.id = t.booking_id
  where t.vendor_id = any (private.current_vendor_ids()) and t.status <> 'cancelled'
  order by t.status = 'completed', t.due_at nulls last
$$;
comment on function public.vendor_tasks is
  'The open and finished tasks assigned to the caller''s vendor, with the unit''s name, address, location and check-in/out times, the stay dates, the checklist, and the Arabic organisation name, title and description.';
revoke all on function public.vendor_tasks() from public, anon;
grant execute on function public.vendor_tasks() to authenticated;
