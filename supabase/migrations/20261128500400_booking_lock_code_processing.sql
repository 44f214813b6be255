-- The locks function's side of the stay codes (issue 15): it claims the due rows of
-- booking_lock_codes (a two-minute lease, the attempt counted), does what each asks at TTLock,
-- and reports back. A failure keeps its message and code and is retried after 1 min, 5 min,
-- 30 min, 2 h, then every 12 h; a booking changed meanwhile stays pending for another pass.
-- A minute's job (pg_cron on hosted; the local stack runs the same job) calls the function when
-- rows are due. Service role only.

-- Service role (locks): up to `batch` due stay codes, leased for two minutes.
create function public.stay_lock_codes_claim(batch integer default 20)
returns setof public.booking_lock_codes
language sql
volatile
security definer
set search_path = ''
as $$
  update public.booking_lock_codes c
    set locked_until = now() + interval '2 minutes', attempts = c.attempts + 1
  where c.id in (
    select d.id from public.booking_lock_codes d
    where d.state in ('pending', 'failed') and d.next_attempt_at <= now()
      and (d.locked_until is null or d.locked_until < now())
    order by d.next_attempt_at
    limit greatest(1, least(coalesce(batch, 20), 100))
    for update skip locked)
  returning c.*;
$$;
comment on function public.stay_lock_codes_claim(integer) is
  'Service role (locks function): leases the due stay codes for two minutes and counts the attempt.';
revoke all on function public.stay_lock_codes_claim(integer) from public, anon, authenticated;
grant execute on function public.stay_lock_codes_claim(integer) to service_role;

-- Service role (locks): the outcome of one attempt on a claimed row. `done` with the lock and
-- passcode id it is now on (null when removed); otherwise the error. `as_of` is the row's
-- updated_at when claimed: if the booking changed since, the row stays pending for a new pass.
create function public.stay_lock_code_finish(
  id uuid,
  as_of timestamptz,
  done boolean,
  lock_id text default null,
  provider_passcode_id text default null,
  error_code text default null,
  error text default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  claimed public.booking_lock_codes;
begin
  select * into claimed from public.booking_lock_codes c where c.id = id for update;
  if claimed.id is null then
    return;
  end if;
  if claimed.updated_at is distinct from as_of then
    -- Changed by the booking meanwhile: keep where the code now is, act again right away.
    update public.booking_lock_codes c
      set lock_id = case when done then lock_id else c.lock_id end,
          provider_passcode_id = case when done then provider_passcode_id else c.provider_passcode_id end,
          synced_starts_at = case when done and provider_passcode_id is not null then claimed.starts_at else c.synced_starts_at end,
          synced_ends_at = case when done and provider_passcode_id is not null then claimed.ends_at else c.synced_ends_at end,
          locked_until = null, next_attempt_at = now(), state = 'pending'
      where c.id = id;
    return;
  end if;
  if done then
    update public.booking_lock_codes c
      set state = case when c.wanted = 'present' then 'active' else 'removed' end,
          lock_id = lock_id, provider_passcode_id = provider_passcode_id,
          synced_starts_at = case when provider_passcode_id is null then null else c.starts_at end,
          synced_ends_at = case when provider_passcode_id is null then null else c.ends_at end,
          attempts = 0, last_error = null, last_error_code = null, locked_until = null
      where c.id = id;
  else
    update public.booking_lock_codes c
      set state = 'failed', last_error = left(coalesce(error, 'Unknown error'), 500),
          last_error_code = left(error_code, 60), locked_until = null,
          next_attempt_at = now() + case least(c.attempts, 5)
            when 1 then interval '1 minute' when 2 then interval '5 minutes' when 3 then interval '30 minutes'
            when 4 then interval '2 hours' else interval '12 hours' end
      where c.id = id;
  end if;
end;
$$;
comment on function public.stay_lock_code_finish(uuid, timestamptz, boolean, text, text, text, text) is
  'Service role (locks function): records an attempt on a stay code — done (active or removed) or failed with back-off.';
revoke all on function public.stay_lock_code_finish(uuid, timestamptz, boolean, text, text, text, text) from public, anon, authenticated;
grant execute on function public.stay_lock_code_finish(uuid, timestamptz, boolean, text, text, text, text) to service_role;

-- The minute's job: a call of the locks function only when a stay code is due.
create function private.stay_lock_codes_due()
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.lock_codes_request()
  where exists (
    select 1 from public.booking_lock_codes c
    where c.state in ('pending', 'failed') and c.next_attempt_at <= now()
      and (c.locked_until is null or c.locked_until < now()))
$$;
comment on function private.stay_lock_codes_due() is
  'The cron job''s body: calls the locks function''s stay-codes/process route when a stay code is due.';
revoke all on function private.stay_lock_codes_due() from public;

select cron.schedule('locks-stay-codes', '* * * * *', $$select private.stay_lock_codes_due()$$);
