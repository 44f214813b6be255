-- Smart-lock passcodes (SPEC §3): a 6-digit code on a unit's lock, temporary (with a start
-- and end) or permanent; invalidated codes stay for the record. The lock provider is called
-- by an edge function; lock activity records are fetched live, not stored.

create table public.lock_passcodes (
  id uuid primary key default gen_random_uuid(),
  -- Set from the parent row by the insert trigger; the default only helps typing.
  organization_id uuid not null default private.current_org_id(),
  unit_id uuid not null,
  booking_id uuid,
  name text not null check (length(btrim(name)) between 1 and 100),
  code text not null check (code ~ '^[0-9]{6}$'),
  kind public.passcode_kind not null default 'temporary',
  status public.passcode_status not null default 'active',
  starts_at timestamptz,
  ends_at timestamptz,
  -- The passcode id returned by the lock provider.
  provider_passcode_id text,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lock_passcodes_period_check check (
    kind = 'permanent' or (starts_at is not null and ends_at is not null and ends_at > starts_at)),
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete cascade,
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete set null (booking_id)
);
comment on table public.lock_passcodes is 'Smart-lock passcodes of units.';
create index lock_passcodes_org_unit_idx on public.lock_passcodes (organization_id, unit_id);
create index lock_passcodes_org_booking_idx on public.lock_passcodes (organization_id, booking_id);
create index lock_passcodes_unit_id_idx on public.lock_passcodes (unit_id);
create trigger lock_passcodes_touch before update on public.lock_passcodes
  for each row execute function private.touch_updated_at();

-- The unit must have a lock configured (SPEC §5 message), and gives the organisation.
create function private.lock_passcodes_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lock_id text;
begin
  select u.organization_id, u.smart_lock_id into new.organization_id, lock_id
    from public.units u where u.id = new.unit_id;
  if new.organization_id is not null and nullif(btrim(coalesce(lock_id, '')), '') is null then
    perform private.fail('No TTLock ID configured for this unit', 'lock_not_configured', '23514');
  end if;
  return new;
end;
$$;
create trigger lock_passcodes_before_insert before insert on public.lock_passcodes
  for each row execute function private.lock_passcodes_before_insert();

alter table public.lock_passcodes enable row level security;

-- Staff holding locks.read read the passcodes of their organisation; the super administrator reads all.
create policy lock_passcodes_select on public.lock_passcodes for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('locks.read')))
    or (select private.is_super_admin())
  );
-- Holders of locks.write add passcodes to their own organisation only.
create policy lock_passcodes_insert on public.lock_passcodes for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('locks.write')));
-- Holders of locks.write edit passcodes of their organisation; rows cannot be moved to another one.
create policy lock_passcodes_update on public.lock_passcodes for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('locks.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of locks.write delete passcodes of their organisation.
create policy lock_passcodes_delete on public.lock_passcodes for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('locks.write')));

grant select, insert, update, delete on public.lock_passcodes to authenticated;
grant all on public.lock_passcodes to service_role;
