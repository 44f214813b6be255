-- The Users screen (issue 14): the organisation's people and pending invitations in one list, and
-- the roles an inviter may hand out.
--
--   * public.team_members(search, status, page_limit, page_offset): for holders of users.manage in
--     their own organisation only (42501 otherwise). Members: name, e-mail, phone, role(s),
--     preferred language, status (active / inactive) and last sign-in; pending invitations:
--     address, role, language, expiry and the delivery of their e-mail. Last sign-in is
--     auth.users.last_sign_in_at, which the auth service (GoTrue, and the local stand-in) stamps
--     at every sign-in; profiles.last_login_at (set when the profile is created) covers accounts
--     that never signed in since. auth.users is not exposed otherwise: this definer function
--     reads the two columns for members of the caller's organisation only.
--     Each row says whether the caller may manage it (every role of the member, or the
--     invitation's role, is one the caller may grant: 20261123100000). Also the seats of the
--     plan (SPEC §9: limit, used), counted as check_user_limit does.
--   * public.invitable_roles(): the organisation's roles, each with whether the caller may grant
--     it, for holders of users.manage (empty otherwise).
--   * public.invitation_preview(token): what the invitation page shows before the invitee signs in
--     — organisation, role, invited address, status (pending / expired / accepted / revoked) and
--     expiry. Callable by visitors: the token is 256 random bits sent only to the invitee, so it
--     cannot be guessed; an unknown token is 404.

create function public.team_members(
  search text default null,
  status text default 'all',
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
  caller uuid := auth.uid();
  org uuid := private.current_org_id();
  term text := nullif(btrim(coalesce(search, '')), '');
  pattern text;
  digits text;
  max_users integer;
  result jsonb;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not private.has_permission('users.manage') then
    perform private.fail('Permission denied. Contact administrator.', 'users_manage_required', '42501');
  end if;
  if coalesce(status, 'all') not in ('all', 'active', 'pending', 'inactive') then
    perform private.fail('Please check your input and try again.', 'team_filter_invalid', '22023');
  end if;
  if term is not null then
    pattern := '%' || replace(replace(replace(left(term, 100), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    -- "0500000003" finds "+966500000003": digits without the leading zero of a local number.
    digits := ltrim(regexp_replace(term, '\D', '', 'g'), '0');
    if length(digits) < 3 then
      digits := null;
    end if;
  end if;
  select private.plan_user_limit(o.subscription_plan) into max_users from public.organizations o where o.id = org;

  with members as (
    select 'member'::text as kind,
           p.id,
           p.user_id,
           p.full_name,
           coalesce(nullif(btrim(p.email), ''), nullif(u.email, '')) as email,
           coalesce(nullif(btrim(p.phone), ''),
                    case when coalesce(u.phone, '') <> '' then '+' || ltrim(u.phone, '+') end) as phone,
           p.preferred_language::text as language,
           p.status::text as status,
           nullif(greatest(coalesce(p.last_login_at, '-infinity'), coalesce(u.last_sign_in_at, '-infinity')),
                  '-infinity'::timestamptz) as last_login_at,
           p.created_at,
           o.owner_id = p.user_id as is_owner,
           p.user_id = caller as is_self,
           coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'key', r.key, 'name', r.name)
                                      order by r.key nulls last, r.name)
                     from public.user_roles ur join public.roles r on r.id = ur.role_id
                     where ur.user_id = p.user_id and ur.organization_id = org), '[]'::jsonb) as roles,
           not exists (select 1 from public.user_roles ur
                       where ur.user_id = p.user_id and ur.organization_id = org
                         and not private.user_may_grant_role(caller, org, ur.role_id)) as manageable,
           null::timestamptz as expires_at,
           null::timestamptz as email_sent_at,
           null::text as email_error,
           null::text as invited_by_name
    from public.profiles p
    join public.organizations o on o.id = p.organization_id
    left join auth.users u on u.id = p.user_id
    where p.organization_id = org and p.kind = 'staff'
  ),
  invites as (
    select 'invitation'::text,
           i.id,
           null::uuid,
           null::text,
           i.email,
           null::text,
           i.language::text,
           'pending'::text,
           null::timestamptz,
           i.created_at,
           false,
           false,
           jsonb_build_array(jsonb_build_object('id', r.id, 'key', r.key, 'name', r.name)),
           private.user_may_grant_role(caller, org, i.role_id),
           i.expires_at,
           i.email_sent_at,
           i.email_error,
           (select p.full_name from public.profiles p where p.user_id = i.invited_by)
    from public.invitations i
    join public.roles r on r.id = i.role_id
    where i.organization_id = org and i.status = 'pending'
  ),
  everyone as (
    select * from members
    union all
    select * from invites
  ),
  matching as (
    select e.* from everyone e
    where (coalesce(status, 'all') = 'all' or e.status = status)
      and (term is null
           or e.full_name ilike pattern
           or e.email ilike pattern
           or e.phone ilike pattern
           or (digits is not null and regexp_replace(coalesce(e.phone, ''), '\D', '', 'g') like '%' || digits || '%')
           or exists (select 1 from jsonb_array_elements(e.roles) role where role ->> 'name' ilike pattern))
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(page) order by page.sort_name, page.id)
      from (select m.*, lower(coalesce(m.full_name, m.email, '')) as sort_name from matching m
            order by lower(coalesce(m.full_name, m.email, '')), m.id
            limit least(greatest(coalesce(page_limit, 50), 1), 200)
            offset greatest(coalesce(page_offset, 0), 0)) page), '[]'::jsonb),
    'seats', jsonb_build_object(
      'limit', max_users,
      'used', (select count(*) from public.profiles p where p.organization_id = org and p.status <> 'inactive')
            + (select count(*) from public.invitations i
               where i.organization_id = org and i.status = 'pending' and i.expires_at > now())))
  into result;
  return result;
end;
$$;
comment on function public.team_members(text, text, integer, integer) is
  'Users screen (users.manage, own organisation): members (name, e-mail, phone, roles, language, status, last sign-in from the auth service) and pending invitations, searched, filtered by status and paged; whether the caller may manage each row; the plan''s seats.';
revoke execute on function public.team_members(text, text, integer, integer) from public, anon;
grant execute on function public.team_members(text, text, integer, integer) to authenticated;

create function public.invitable_roles()
returns table (id uuid, key text, name text, description text, grantable boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.key, r.name, r.description,
         private.user_may_grant_role(auth.uid(), r.organization_id, r.id)
  from public.roles r
  where r.organization_id = private.current_org_id()
    and private.has_permission('users.manage')
  order by case r.key when 'admin' then 0 when 'manager' then 1 when 'member' then 2 else 3 end, r.name
$$;
comment on function public.invitable_roles() is
  'The caller''s organisation''s roles with whether the caller may grant each (invitation form); empty without users.manage.';
revoke execute on function public.invitable_roles() from public, anon;
grant execute on function public.invitable_roles() to authenticated;

create function public.invitation_preview(token text)
returns table (
  organization_name text,
  organization_name_ar text,
  role_key text,
  role_name text,
  email text,
  language public.language_code,
  status text,
  expires_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  inv public.invitations;
begin
  select * into inv from public.invitations i
   where i.token = invitation_preview.token and invitation_preview.token ~ '^[0-9a-f]{64}$';
  if inv.id is null then
    perform private.fail('This invitation is not valid', 'invitation_invalid', 'PT404');
  end if;
  return query
    select o.name, o.name_ar, r.key, r.name, inv.email, inv.language,
           case when inv.status = 'pending' and inv.expires_at <= now() then 'expired' else inv.status::text end,
           inv.expires_at
    from public.organizations o
    join public.roles r on r.id = inv.role_id
    where o.id = inv.organization_id;
end;
$$;
comment on function public.invitation_preview(text) is
  'The invitation page: organisation, role, invited address, language, status (pending, expired, accepted, revoked) and expiry of the invitation holding this token; 404 for an unknown token.';
revoke execute on function public.invitation_preview(text) from public;
grant execute on function public.invitation_preview(text) to anon, authenticated;
