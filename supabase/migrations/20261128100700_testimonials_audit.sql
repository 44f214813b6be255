-- Landing-page testimonials are written by the super administrator from the console (issue 14),
-- straight through the table (its policies let only the super administrator write). Every
-- change now goes to the audit log with its actor, like the other platform-level writes.
--
-- private.audit_row() (latest definition: 20261124200300, with the reason) skips a delete whose
-- organisation no longer exists (the organisation itself is being deleted). A platform testimonial
-- has no organisation at all, so that test must not skip it: the only change is `org is not null`.
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  after_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  org uuid;
begin
  if tg_op = 'UPDATE' and before_row - 'updated_at' = after_row - 'updated_at' then
    return null; -- nothing but the timestamp changed
  end if;
  -- Secrets never enter the log.
  before_row := before_row - 'key_hash' - 'token';
  after_row := after_row - 'key_hash' - 'token';
  org := coalesce((after_row ->> 'organization_id')::uuid, (before_row ->> 'organization_id')::uuid);
  if tg_table_name = 'organizations' then
    org := coalesce((after_row ->> 'id')::uuid, (before_row ->> 'id')::uuid);
  end if;
  if tg_op = 'DELETE' and org is not null and not exists (select 1 from public.organizations o where o.id = org) then
    return null; -- the whole organisation is being deleted
  end if;
  insert into public.audit_log (organization_id, actor_id, actor_role, table_name, record_id, action, before, after, reason)
  values (org, auth.uid(), private.request_role(), tg_table_name,
          coalesce(after_row ->> 'id', before_row ->> 'id', after_row ->> 'role_id', before_row ->> 'role_id'),
          lower(tg_op), before_row, after_row,
          left(nullif(btrim(current_setting('nuzl.audit_reason', true)), ''), 500));
  return null;
end;
$$;

create trigger testimonials_audit after insert or update or delete on public.testimonials
  for each row execute function private.audit_row();
