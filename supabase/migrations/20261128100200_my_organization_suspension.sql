-- Why a staff member of a suspended organisation sees nothing (20261128100000): current_org_id()
-- answers null for them, so the organisation's row is no longer theirs to read and the app would
-- only see "no organisation". This answers the one question the app needs — is my organisation
-- suspended, since when and why — for the caller's own staff profile only, and nothing else of it.

create function public.my_organization_suspension()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization_id', o.id,
    'name', o.name,
    'name_ar', o.name_ar,
    'suspended_at', o.suspended_at,
    'reason', o.suspended_reason)
  from public.profiles p
  join public.organizations o on o.id = p.organization_id
  where p.user_id = auth.uid() and p.kind = 'staff' and o.suspended_at is not null
$$;
comment on function public.my_organization_suspension() is
  'The caller''s own organisation when it is suspended (id, name, name_ar, suspended_at, reason), null otherwise; lets the app tell its staff why they see nothing.';
revoke all on function public.my_organization_suspension() from public, anon;
grant execute on function public.my_organization_suspension() to authenticated;
