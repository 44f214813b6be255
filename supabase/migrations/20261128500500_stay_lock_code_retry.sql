-- "Retry now" for a stay's door code (issue 15): staff who change bookings (or lock codes) of the
-- organisation can ask for a failed or waiting stay code to be tried again at once instead of at
-- its back-off time; the locks function is called after commit. Another organisation's booking,
-- or one without a stay code, is 404.
create function public.retry_stay_lock_code(booking_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  found_id uuid;
begin
  select c.id into found_id from public.booking_lock_codes c
    where c.booking_id = booking_id and c.organization_id = private.current_org_id();
  if found_id is null then
    perform private.fail('This booking has no door code', 'stay_code_not_found', 'PT404');
  end if;
  if not (private.has_permission('bookings.write') or private.has_permission('locks.write')) then
    perform private.fail('Permission denied. Contact administrator.', 'bookings_write_required', '42501');
  end if;
  update public.booking_lock_codes c
    set next_attempt_at = now(), state = case when c.state = 'failed' then 'pending' else c.state end
    where c.id = found_id and c.state in ('failed', 'pending');
  perform private.lock_codes_request();
end;
$$;
comment on function public.retry_stay_lock_code(uuid) is
  'Tries a failed or waiting stay door code again now (bookings.write or locks.write); another organisation''s booking is 404.';
revoke all on function public.retry_stay_lock_code(uuid) from public, anon;
grant execute on function public.retry_stay_lock_code(uuid) to authenticated, service_role;
