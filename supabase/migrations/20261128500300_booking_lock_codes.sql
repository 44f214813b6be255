-- A code per stay (issue 15): one row per booking whose unit has a lock while the organisation's
-- lock_code_per_stay is on. The row says what the lock should hold (`wanted`: the code from
-- check-in to check-out time, or nothing once the booking is cancelled) and what the locks edge
-- function last managed (`state`, the provider's passcode id, the lock it is on, the error and
-- the retry time). Booking triggers keep `wanted` up to date and ask the function to act (pg_net,
-- after commit); a minute's job retries failures with back-off, so a failure is visible on the
-- booking and retried, never silent.

create table public.booking_lock_codes (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  booking_id uuid not null,
  unit_id uuid not null,
  -- SPEC §9: 6 digits.
  code text not null check (code ~ '^[0-9]{6}$'),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  -- What the lock should hold: the code (present) or nothing (absent, after a cancellation).
  wanted text not null default 'present' check (wanted in ('present', 'absent')),
  -- pending: the function has yet to act; active: on the lock as wanted; removed: taken off;
  -- failed: the last attempt failed (last_error), retried at next_attempt_at.
  state text not null default 'pending' check (state in ('pending', 'active', 'removed', 'failed')),
  -- The lock and passcode id the code is on at TTLock (null until created).
  lock_id text,
  provider_passcode_id text,
  -- The period the lock holds, to know when a date change needs /keyboardPwd/change.
  synced_starts_at timestamptz,
  synced_ends_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  last_error_code text,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_lock_codes_booking_key unique (booking_id),
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete cascade,
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete cascade
);
comment on table public.booking_lock_codes is
  'The door code of each stay (lock_code_per_stay) and what the locks function did with it; written by triggers and the service role only.';
create index booking_lock_codes_org_booking_idx on public.booking_lock_codes (organization_id, booking_id);
create index booking_lock_codes_org_unit_idx on public.booking_lock_codes (organization_id, unit_id);
create index booking_lock_codes_due_idx on public.booking_lock_codes (next_attempt_at) where state in ('pending', 'failed');
create trigger booking_lock_codes_touch before update on public.booking_lock_codes
  for each row execute function private.touch_updated_at();

alter table public.booking_lock_codes enable row level security;
-- Staff who read bookings see their organisation's stay codes (shown on the booking, used in
-- guest messages); the super administrator reads all. Nobody writes them from a browser.
create policy booking_lock_codes_select on public.booking_lock_codes for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('bookings.read'))::uuid[]));
grant select on public.booking_lock_codes to authenticated;
grant all on public.booking_lock_codes to service_role;

-- Asks the locks function to work through the due stay codes: one pg_net request, sent after the
-- calling transaction commits. Security definer so booking triggers running as staff may read
-- the Vault secrets; null (with a warning) when they are missing.
create function private.lock_codes_request()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise warning 'locks: the Vault secrets project_url and service_role_key are not set; stay codes wait (README, Deploy)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/locks/stay-codes/process',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 60000
  );
end;
$$;
comment on function private.lock_codes_request() is
  'Queues a pg_net call of the locks function''s stay-codes/process route (sent after commit); null when the Vault secrets are missing.';
revoke all on function private.lock_codes_request() from public;

-- Keeps a booking's stay code in line with the booking: created when it is confirmed (or checked
-- in) on a unit with a lock while the setting is on, moved when its dates or unit change, wanted
-- absent when it is cancelled. Times are the unit's check-in / check-out times on those days in
-- the organisation's time zone.
create function private.bookings_lock_code()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org public.organizations;
  unit public.units;
  existing public.booking_lock_codes;
  starts timestamptz;
  ends timestamptz;
  live boolean := new.status in ('confirmed', 'checked_in', 'checked_out');
begin
  select * into existing from public.booking_lock_codes c where c.booking_id = new.id;
  if not live then
    if existing.id is not null and existing.wanted = 'present' then
      update public.booking_lock_codes c
        set wanted = 'absent', state = 'pending', attempts = 0, last_error = null, last_error_code = null,
            next_attempt_at = now()
        where c.id = existing.id;
      perform private.lock_codes_request();
    end if;
    return new;
  end if;
  select * into org from public.organizations o where o.id = new.organization_id;
  select * into unit from public.units u where u.id = new.unit_id;
  if existing.id is null and (not org.lock_code_per_stay or nullif(btrim(coalesce(unit.smart_lock_id, '')), '') is null) then
    return new;
  end if;
  starts := (new.check_in + unit.check_in_time) at time zone org.default_timezone::text;
  ends := (new.check_out + unit.check_out_time) at time zone org.default_timezone::text;
  if existing.id is null then
    insert into public.booking_lock_codes (organization_id, booking_id, unit_id, code, starts_at, ends_at)
    values (new.organization_id, new.id, new.unit_id,
            lpad((100000 + floor(random() * 900000))::int::text, 6, '0'), starts, ends);
  elsif existing.starts_at is distinct from starts or existing.ends_at is distinct from ends
        or existing.unit_id is distinct from new.unit_id or existing.wanted = 'absent' then
    update public.booking_lock_codes c
      set starts_at = starts, ends_at = ends, unit_id = new.unit_id, wanted = 'present', state = 'pending',
          attempts = 0, last_error = null, last_error_code = null, next_attempt_at = now()
      where c.id = existing.id;
  else
    return new;
  end if;
  perform private.lock_codes_request();
  return new;
end;
$$;
comment on function private.bookings_lock_code() is
  'Trigger: creates, moves or withdraws the booking''s stay code (booking_lock_codes) and asks the locks function to act.';
revoke all on function private.bookings_lock_code() from public;

create trigger bookings_lock_code after insert or update of status, check_in, check_out, unit_id on public.bookings
  for each row execute function private.bookings_lock_code();
