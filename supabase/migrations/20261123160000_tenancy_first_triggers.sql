-- Tenancy first: an outsider learns nothing but "not found".
--
-- Postgres runs a row's BEFORE triggers before the row-level security policy checks the new
-- row (WITH CHECK). Several triggers read the parent row the new row names, by id only, and
-- refused with what they found, so the owner of one organisation could read another's facts
-- from error messages before RLS said no: "The payment exceeds the remaining balance of
-- 4801.25", an invoice's status (draft / closed), a unit's capacity ("Guests count must be
-- between 1 and 4"), whether it is inactive or booked on given dates, whether it has a smart
-- lock, how many photos it has, a role's kind, the plan limits of the organisation; and an
-- invoice for another organisation's booking echoed that booking's guest id in the foreign-key
-- error. The triggers also locked and counted those rows.
--
-- private.tenancy_first() runs before every other trigger of the table (Postgres fires a
-- table's triggers of one event in name order; these names sort first) and, for browser users:
--   * a row claiming an organisation other than the caller's is refused as RLS refuses it
--     (42501), before anything is read;
--   * every parent the row names by id (unit, invoice, booking, guest, role) must belong to the
--     caller's organisation; one that belongs to another is answered exactly like one that does
--     not exist: 404 (PT404) with the parent's "not found" key and message;
--   * `fresh_id` (invoices): an insert may not reuse an existing row's id. invoices_before_write
--     sums the lines and payments of new.id, so reusing another invoice's id told whether that
--     invoice was paid; now it is refused first, as the primary key would refuse it (23505).
-- On UPDATE only changed columns are checked: RLS already limits updates to the caller's own
-- rows, and internal updates (releasing lapsed holds, totals) move nothing.
-- Trusted callers (service role, direct sessions, this project's SECURITY DEFINER functions
-- after their own checks) are not limited: the composite foreign keys still hold them.
-- Tasks are not listed: recurring and check-out tasks are inserted by triggers on behalf of
-- vendors and staff, and no task trigger reads another organisation's rows.

create function private.tenancy_first()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org uuid;
  new_row jsonb := to_jsonb(new);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  spec text;
  ref_column text;
  parent_table text;
  ref uuid;
  parent_org uuid;
  taken boolean;
begin
  if private.is_trusted() then
    return new;
  end if;
  org := private.current_org_id();

  if (tg_op = 'INSERT' or new_row -> 'organization_id' is distinct from old_row -> 'organization_id')
     and (org is null or (new_row ->> 'organization_id')::uuid is distinct from org) then
    perform private.fail('Permission denied. Contact administrator.', 'row_organization_forbidden', '42501');
  end if;

  foreach spec in array coalesce(tg_argv, '{}'::text[]) loop
    if spec = 'fresh_id' then
      if tg_op = 'INSERT' then
        execute format('select exists (select 1 from %I.%I t where t.id = $1)', tg_table_schema, tg_table_name)
          into taken using (new_row ->> 'id')::uuid;
        if taken then
          perform private.fail('This record already exists', 'record_exists', '23505');
        end if;
      end if;
      continue;
    end if;
    ref_column := split_part(spec, '=', 1);
    parent_table := split_part(spec, '=', 2);
    continue when tg_op = 'UPDATE' and new_row -> ref_column is not distinct from old_row -> ref_column;
    ref := (new_row ->> ref_column)::uuid;
    continue when ref is null;
    execute format('select p.organization_id from public.%I p where p.id = $1', parent_table) into parent_org using ref;
    if parent_org is distinct from org then
      case parent_table
        when 'units' then perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
        when 'invoices' then perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
        when 'bookings' then perform private.fail('This booking was not found', 'booking_not_found', 'PT404');
        when 'clients' then perform private.fail('This guest was not found', 'client_not_found', 'PT404');
        when 'roles' then perform private.fail('This role was not found', 'role_not_found', 'PT404');
        else perform private.fail('Not found', 'not_found', 'PT404');
      end case;
    end if;
  end loop;
  return new;
end;
$$;
comment on function private.tenancy_first is
  'BEFORE trigger that runs first: for browser users, the row''s organisation must be the caller''s (else 42501) and each parent named in the trigger arguments (column=table) must be of the caller''s organisation (else 404, as if missing); fresh_id refuses reusing an existing id. So no later trigger reads or reports another organisation''s rows.';
revoke all on function private.tenancy_first from public;

-- Names sort before the tables' other triggers ("00" sorts before "0_…" and before letters).
create trigger bookings_00_tenancy before insert or update on public.bookings
  for each row execute function private.tenancy_first('unit_id=units', 'client_id=clients');
create trigger invoices_00_tenancy before insert or update on public.invoices
  for each row execute function private.tenancy_first('fresh_id', 'booking_id=bookings', 'client_id=clients');
create trigger invoice_items_00_tenancy before insert or update on public.invoice_items
  for each row execute function private.tenancy_first('invoice_id=invoices');
create trigger payments_00_tenancy before insert or update on public.payments
  for each row execute function private.tenancy_first('invoice_id=invoices');
create trigger units_00_tenancy before insert or update on public.units
  for each row execute function private.tenancy_first();
create trigger unit_photos_00_tenancy before insert or update on public.unit_photos
  for each row execute function private.tenancy_first('unit_id=units');
create trigger lock_passcodes_00_tenancy before insert or update on public.lock_passcodes
  for each row execute function private.tenancy_first('unit_id=units', 'booking_id=bookings');
create trigger public_sites_00_tenancy before insert or update on public.public_sites
  for each row execute function private.tenancy_first();
create trigger invitations_00_tenancy before insert or update on public.invitations
  for each row execute function private.tenancy_first('role_id=roles');
create trigger user_roles_00_tenancy before insert or update on public.user_roles
  for each row execute function private.tenancy_first('role_id=roles');
create trigger role_permissions_00_tenancy before insert or update on public.role_permissions
  for each row execute function private.tenancy_first('role_id=roles');
