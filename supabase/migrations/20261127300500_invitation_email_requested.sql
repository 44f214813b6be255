-- When was the invitation e-mail asked for (issue 14, Users)? The screen showed an invitation with
-- neither email_sent_at nor email_error as "on its way" for ever — the seed's invitation (the seed
-- sends nothing), or one whose pg_net call never reached the function. email_requested_at is set
-- when an e-mail is queued (a new pending invitation, not while seeding; a pending one re-dated
-- into the future, which is what invitations_notify sends for), so the screen tells "on its way"
-- (a few minutes) from "not confirmed: resend it".
--
--   * invitations.email_requested_at, written only by invitations_1_delivery;
--   * invitations_delivery() as in 20261127300000, plus that column; a re-dating into the future
--     starts a new delivery state whoever makes it (a resend by the service role is one too);
--   * team_members() as in 20261127300300, returning the column.

alter table public.invitations add column email_requested_at timestamptz;
comment on column public.invitations.email_requested_at is
  'When the latest invitation e-mail was queued (insert or resend); null when none was (the seed). Written by the database only.';

create or replace function private.invitations_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not private.is_trusted() then
      new.email_sent_at := null;
      new.email_error := null;
    end if;
    new.email_requested_at := case
      when new.status = 'pending' and new.expires_at > now()
           and coalesce(current_setting('nuzl.seeding', true), '') <> 'on' then now() end;
    return new;
  end if;
  -- A pending invitation re-dated into the future (the grant guard has checked a browser caller may
  -- re-issue it) is a resend: invitations_notify queues its e-mail.
  if old.status = 'pending' and new.status = 'pending' and new.expires_at is distinct from old.expires_at
     and new.expires_at > now() then
    new.email_sent_at := null;
    new.email_error := null;
    new.email_requested_at := now();
  elsif not private.is_trusted() then
    -- Column privileges keep browsers away from these already.
    new.email_requested_at := old.email_requested_at;
  end if;
  return new;
end;
$$;
comment on function private.invitations_delivery() is
  'BEFORE INSERT/UPDATE trigger on invitations: browser users cannot set the e-mail delivery state; a new pending invitation or a resend (re-dated into the future) records when its e-mail was queued.';

create or replace function public.team_members(
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
           null::timestamptz as email_requested_at,
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
           i.email_requested_at,
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
  'Users screen (users.manage, own organisation): members (name, e-mail, phone, roles, language, status, last sign-in from the auth service) and pending invitations (with when their latest e-mail was asked for, sent or refused), searched, filtered by status and paged; whether the caller may manage each row; the plan''s seats.';
