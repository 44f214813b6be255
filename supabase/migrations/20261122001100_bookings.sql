-- Bookings (SPEC §3 Booking, §4 states). The database guarantees what the UI promises:
--   * two bookings of one unit that are not cancelled never overlap (bookings_no_overlap, an
--     exclusion constraint on the stay's daterange; check-out day = next check-in day is fine);
--   * check_out > check_in, 1 <= guests_count <= the unit's max guests;
--   * total_amount = nights × the unit's price per night + its cleaning fee, computed here;
--   * booking_reference is unique and human-readable (BK-XXXXXX).

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  unit_id uuid not null,
  client_id uuid not null,
  check_in date not null,
  check_out date not null,
  nights integer generated always as (check_out - check_in) stored,
  status public.booking_status not null default 'confirmed',
  source public.booking_source not null default 'direct',
  guests_count integer not null default 1,
  -- Prices at the time of booking, copied from the unit (never taken from the client).
  price_per_night numeric(12, 2) not null default 0,
  cleaning_fee numeric(12, 2) not null default 0,
  total_amount numeric(12, 2) not null default 0,
  special_requests text,
  booking_reference text not null,
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  cancelled_at timestamptz,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_booking_reference_key unique (booking_reference),
  constraint bookings_organization_id_id_key unique (organization_id, id),
  constraint bookings_dates_check check (check_out > check_in),
  constraint bookings_guests_count_check check (guests_count >= 1),
  foreign key (organization_id, unit_id) references public.units (organization_id, id),
  foreign key (organization_id, client_id) references public.clients (organization_id, id),
  constraint bookings_no_overlap exclude using gist (
    unit_id with =,
    daterange(check_in, check_out, '[)') with &&
  ) where (status <> 'cancelled')
);
comment on table public.bookings is 'Stays. Overlaps of non-cancelled bookings of one unit are impossible (bookings_no_overlap).';
comment on constraint bookings_no_overlap on public.bookings is 'This unit is already booked for the selected dates';
create index bookings_org_unit_idx on public.bookings (organization_id, unit_id);
create index bookings_org_client_idx on public.bookings (organization_id, client_id);
create index bookings_organization_created_idx on public.bookings (organization_id, created_at desc);
create index bookings_organization_check_in_idx on public.bookings (organization_id, check_in);
create index bookings_unit_check_in_idx on public.bookings (unit_id, check_in);
create index bookings_client_id_idx on public.bookings (client_id);
create trigger bookings_touch before update on public.bookings
  for each row execute function private.touch_updated_at();

-- A short, unambiguous reference (no 0/O or 1/I), unique across the platform.
create function private.new_booking_reference()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  candidate text;
begin
  loop
    candidate := 'BK-';
    for i in 1..6 loop
      candidate := candidate || substr(alphabet, 1 + floor(random() * 32)::integer, 1);
    end loop;
    exit when not exists (select 1 from public.bookings b where b.booking_reference = candidate);
  end loop;
  return candidate;
end;
$$;

create function private.bookings_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  unit record;
  stay_changed boolean;
begin
  select u.price_per_night, u.cleaning_fee, u.max_guests, u.is_active, u.organization_id
    into unit from public.units u where u.id = new.unit_id;

  stay_changed := tg_op = 'INSERT'
    or new.unit_id is distinct from old.unit_id
    or new.check_in is distinct from old.check_in
    or new.check_out is distinct from old.check_out;

  if new.check_out <= new.check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '23514');
  end if;
  if tg_op = 'INSERT' and unit.is_active is false then
    perform private.fail('This unit is not available for booking', 'unit_inactive', '23514');
  end if;
  if new.guests_count < 1 or new.guests_count > unit.max_guests then
    perform private.fail(format('Guests count must be between 1 and %s for this unit', unit.max_guests),
                         'guests_count_invalid', '23514');
  end if;

  -- Derived money: never trust what the client sent.
  if stay_changed then
    new.price_per_night := unit.price_per_night;
    new.cleaning_fee := unit.cleaning_fee;
  else
    new.price_per_night := old.price_per_night;
    new.cleaning_fee := old.cleaning_fee;
  end if;
  new.total_amount := private.round_money((new.check_out - new.check_in) * new.price_per_night + new.cleaning_fee);

  if tg_op = 'INSERT' then
    new.booking_reference := private.new_booking_reference();
  else
    new.booking_reference := old.booking_reference;
  end if;

  -- Overlap: serialise writers of this unit, then look. The exclusion constraint remains the
  -- final guarantee; this gives the UI the SPEC §5 message in every case, concurrent or not.
  if new.status <> 'cancelled'
     and (stay_changed or (tg_op = 'UPDATE' and old.status = 'cancelled')) then
    perform pg_advisory_xact_lock(hashtextextended('booking-unit:' || new.unit_id::text, 0));
    if exists (
      select 1 from public.bookings b
      where b.unit_id = new.unit_id
        and b.status <> 'cancelled'
        and b.id <> new.id
        and daterange(b.check_in, b.check_out, '[)') && daterange(new.check_in, new.check_out, '[)')
    ) then
      perform private.fail('This unit is already booked for the selected dates', 'booking_overlap', '23P01');
    end if;
  end if;

  -- State timestamps.
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    if new.status = 'checked_in' then new.checked_in_at := coalesce(new.checked_in_at, now()); end if;
    if new.status = 'checked_out' then new.checked_out_at := coalesce(new.checked_out_at, now()); end if;
    if new.status = 'cancelled' then new.cancelled_at := coalesce(new.cancelled_at, now()); end if;
  end if;
  return new;
end;
$$;
create trigger bookings_before_write before insert or update on public.bookings
  for each row execute function private.bookings_before_write();

alter table public.bookings enable row level security;

-- Staff holding bookings.read read the bookings of their organisation; the super administrator reads all.
create policy bookings_select on public.bookings for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('bookings.read')))
    or (select private.is_super_admin())
  );
-- Holders of bookings.write add bookings to their own organisation only.
create policy bookings_insert on public.bookings for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('bookings.write')));
-- Holders of bookings.write edit bookings of their organisation; rows cannot be moved to another one.
create policy bookings_update on public.bookings for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('bookings.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of bookings.write delete bookings of their organisation.
create policy bookings_delete on public.bookings for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('bookings.write')));

grant select, insert, update, delete on public.bookings to authenticated;
grant all on public.bookings to service_role;
