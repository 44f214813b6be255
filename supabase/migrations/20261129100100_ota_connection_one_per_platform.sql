-- One connection per platform and unit (issue 15): two Airbnb connections of the same unit would
-- import the same listing twice and hand out two export links. 'other' is exempt (several
-- smaller platforms may each have a connection), and so is a connection not yet mapped to a unit.
--
-- A unique index is the guarantee; a trigger in front of it refuses with a stable key the app
-- translates: PT409 (HTTP 409) · HINT ota_platform_taken. (A race past the trigger still meets
-- the index: 23505 on ota_connections_unit_platform_key, which the app maps to the same message.)

create unique index ota_connections_unit_platform_key on public.ota_connections (unit_id, platform)
  where unit_id is not null and platform <> 'other';

create function private.ota_connection_one_per_platform()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.unit_id is null or new.platform = 'other' then
    return new;
  end if;
  if exists (
    select 1 from public.ota_connections c
    where c.organization_id = new.organization_id and c.unit_id = new.unit_id
      and c.platform = new.platform and c.id <> new.id
  ) then
    perform private.fail('This unit already has a connection to this platform', 'ota_platform_taken', 'PT409');
  end if;
  return new;
end;
$$;
comment on function private.ota_connection_one_per_platform() is
  'Trigger: refuses a second connection of the same platform for a unit (PT409 ota_platform_taken); security definer so the check sees every row, whatever the caller may read.';
revoke all on function private.ota_connection_one_per_platform() from public;

create trigger ota_connections_one_per_platform before insert or update of unit_id, platform on public.ota_connections
  for each row execute function private.ota_connection_one_per_platform();
