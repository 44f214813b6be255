-- accept_invitation() (issue 14, Users): the new member's profile starts in the language the
-- inviter chose for them (invitations.language, 20261127300000), the language their invitation
-- e-mail was written in, instead of the column default. The body is its live version,
-- 20261123170600_accept_invitation_not_found.sql, with only preferred_language added.
create or replace function public.accept_invitation(token text)
returns public.profiles
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  uid uuid := auth.uid();
  inv public.invitations;
  prof public.profiles;
  user_row record;
begin
  if uid is null then
    perform private.fail('Session expired. Please log in again.', 'not_authenticated', '42501');
  end if;
  select * into inv from public.invitations i where i.token = accept_invitation.token for update;
  if inv.id is null then
    perform private.fail('This invitation is not valid', 'invitation_invalid', 'PT404');
  end if;
  if inv.status <> 'pending' then
    perform private.fail('This invitation is no longer valid', 'invitation_used');
  end if;
  if inv.expires_at < now() then
    perform private.fail('This invitation has expired', 'invitation_expired');
  end if;
  select u.phone, u.email, u.email_confirmed_at, u.raw_user_meta_data into user_row from auth.users u where u.id = uid;
  if user_row.email_confirmed_at is null
     or lower(btrim(coalesce(user_row.email, ''))) <> lower(btrim(inv.email)) then
    perform private.fail('This invitation was sent to a different account', 'invitation_wrong_account', '42501');
  end if;
  if exists (select 1 from public.profiles p where p.user_id = uid) then
    perform private.fail('You already belong to an organization', 'already_member', '23505');
  end if;

  perform private.begin_trusted_call();
  update public.invitations set status = 'accepted', accepted_at = now(), accepted_by = uid where id = inv.id;
  insert into public.profiles (user_id, organization_id, kind, full_name, phone, email, preferred_language, status, last_login_at)
  values (uid, inv.organization_id, 'staff', nullif(btrim(coalesce(user_row.raw_user_meta_data ->> 'full_name', '')), ''),
          case when user_row.phone is not null and user_row.phone <> '' then '+' || ltrim(user_row.phone, '+') end,
          coalesce(nullif(user_row.email, ''), inv.email), inv.language, 'active', now())
  returning * into prof;
  insert into public.user_roles (organization_id, user_id, role_id, assigned_by)
  values (inv.organization_id, uid, inv.role_id, inv.invited_by);
  perform private.end_trusted_call();
  return prof;
end;
$$;
comment on function public.accept_invitation is
  'Joins the caller to the inviting organisation with the invited role, in the invitation''s language; the caller''s verified e-mail must be the invited address. An unknown token is 404.';
