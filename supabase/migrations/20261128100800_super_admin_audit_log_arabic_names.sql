-- The console's audit log (20261128100600) also names each entry's organisation in Arabic
-- (organizations.name_ar), so the Arabic screen shows the name its owners gave it. Same
-- signature, grants and comment; only the one extra field.
create or replace function public.admin_audit_log(
  organization_id uuid default null,
  table_name text default null,
  action text default null,
  from_at timestamptz default null,
  to_at timestamptz default null,
  page_limit integer default 50,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  result jsonb;
begin
  perform private.require_super_admin();
  if action is not null and action not in ('insert', 'update', 'delete') then
    perform private.fail('Please check your input and try again.', 'audit_filter_invalid', '22023');
  end if;
  with matching as (
    select a.* from public.audit_log a
    where (organization_id is null or a.organization_id = organization_id)
      and (nullif(table_name, '') is null or a.table_name = table_name)
      and (action is null or a.action = action)
      and (from_at is null or a.created_at >= from_at)
      and (to_at is null or a.created_at < to_at)
  ),
  page as (
    select m.* from matching m
    order by m.created_at desc, m.id desc
    limit least(greatest(coalesce(page_limit, 50), 1), 200)
    offset greatest(coalesce(page_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'created_at', p.created_at,
               'organization_id', p.organization_id, 'organization_name', o.name, 'organization_name_ar', o.name_ar,
               'actor_id', p.actor_id, 'actor_name', ap.full_name, 'actor_role', p.actor_role,
               'table_name', p.table_name, 'record_id', p.record_id, 'action', p.action, 'reason', p.reason,
               'before', p.before, 'after', p.after)
             order by p.created_at desc, p.id desc)
      from page p
      left join public.organizations o on o.id = p.organization_id
      left join public.profiles ap on ap.user_id = p.actor_id), '[]'::jsonb),
    'tables', coalesce((select jsonb_agg(t.table_name order by t.table_name)
                         from (select distinct a.table_name from public.audit_log a) t), '[]'::jsonb))
  into result;
  return result;
end;
$$;
