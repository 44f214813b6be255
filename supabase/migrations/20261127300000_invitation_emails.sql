-- The invitation e-mail (issue 14, Users): inviting someone sends them an e-mail in the language the
-- inviter chose for them (English or Arabic) with the link `<SITE_URL>/invite/<token>`, where they
-- sign in or up with that address and join. Resending re-dates the invitation and sends a new e-mail
-- with the same link: the token stays, since only the invited address can use it anyway
-- (20261122039150), and a link already in the invitee's mailbox keeps working.
--
--   * public.invitations gains `language` (en / ar: the e-mail and the invitee's first language in
--     the app) and the delivery state of its latest e-mail: `email_sent_at` (the provider took it)
--     or `email_error` (its reason). Only the service role writes those two.
--   * invitations_1_delivery (BEFORE): a browser user cannot fake the delivery state; re-dating a
--     pending invitation (resending it) starts a new delivery state.
--   * invitations_notify (AFTER, after commit through pg_net): a new pending invitation, or a pending
--     one re-dated into the future, asks the invite-notify edge function to send the e-mail. Only
--     the id travels.
--     The seed's invitation is demo history: seed.sql sets nuzl.seeding and nothing is sent.
--   * public.resend_invitation(id): the screen's "Resend" (7 more days) — runs as the caller, so the update
--     policy and the grant rules of 20261123100100 (pending only, a role the caller may grant, a
--     plan seat when it had lapsed) decide; another organisation's or an unknown id is 404.
--   * public.invitation_email(id): service role only (invite-notify): what the e-mail needs.
--
-- There is no automatic retry: the screen shows an e-mail the provider refused (or that never got
-- an answer) and offers "Resend".

alter table public.invitations
  add column language public.language_code not null default 'ar',
  add column email_sent_at timestamptz,
  add column email_error text,
  add constraint invitations_language_check check (language in ('en', 'ar')),
  add constraint invitations_email_error_check check (email_error is null or length(email_error) <= 1000);
comment on column public.invitations.language is
  'The invitee''s language, chosen by the inviter: the e-mail''s language and the invitee''s first language in the app (en or ar).';
comment on column public.invitations.email_sent_at is
  'When the e-mail provider accepted the e-mail for the invitation''s current expiry, i.e. its latest sending (service role only).';
comment on column public.invitations.email_error is
  'Why the latest invitation e-mail was not sent (service role only); null once sent.';

-- The delivery state is the database's; resending is re-dating.
create function private.invitations_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.email_sent_at := null;
    new.email_error := null;
    return new;
  end if;
  -- Column privileges keep email_sent_at and email_error out of browser updates already; a pending
  -- invitation re-dated (the grant guard has checked the caller may re-issue it) is a resend.
  if old.status = 'pending' and new.status = 'pending' and new.expires_at is distinct from old.expires_at then
    new.email_sent_at := null;
    new.email_error := null;
  end if;
  return new;
end;
$$;
comment on function private.invitations_delivery() is
  'BEFORE INSERT/UPDATE trigger on invitations: browser users cannot set the e-mail delivery state; re-dating a pending invitation (resend) starts a new one.';
revoke all on function private.invitations_delivery() from public;

-- Named to fire after invitations_0_grant_guard (the caller may re-issue) and before
-- invitations_before_insert (plan limit).
create trigger invitations_1_delivery before insert or update on public.invitations
  for each row execute function private.invitations_delivery();

-- Asks invite-notify to send one invitation's e-mail: one pg_net request, sent after the calling
-- transaction commits. Null (with a warning) when the Vault secrets are missing.
create function private.invite_notify_request(invitation uuid)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise warning 'invite-notify: the Vault secrets project_url and service_role_key are not set; invitations are not e-mailed (README, Deploy)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/invite-notify',
    body := jsonb_build_object('id', invitation),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 30000
  );
end;
$$;
comment on function private.invite_notify_request(uuid) is
  'Queues a pg_net call of the invite-notify edge function for one invitation, sent after commit. Null when the Vault secrets are missing.';
revoke all on function private.invite_notify_request(uuid) from public;

create function private.invitations_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' or new.status <> 'pending' or new.expires_at <= now() then
    return null;
  end if;
  if tg_op = 'INSERT' or new.expires_at is distinct from old.expires_at then
    perform private.invite_notify_request(new.id);
  end if;
  return null;
end;
$$;
comment on function private.invitations_notify() is
  'AFTER INSERT / UPDATE trigger on invitations: asks invite-notify to e-mail a new or re-dated pending invitation (not while seeding).';
revoke all on function private.invitations_notify() from public;

create trigger invitations_notify after insert or update on public.invitations
  for each row execute function private.invitations_notify();
comment on trigger invitations_notify on public.invitations is
  'E-mails the invitee (invite-notify edge function, after commit) when an invitation is created or resent.';

-- "Resend": a new expiry and e-mail, as the caller (RLS and the grant rules apply).
create function public.resend_invitation(invitation_id uuid)
returns public.invitations
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv public.invitations;
begin
  if private.current_org_id() is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not private.has_permission('users.manage') then
    perform private.fail('Permission denied. Contact administrator.', 'users_manage_required', '42501');
  end if;
  update public.invitations i set expires_at = now() + interval '7 days'
   where i.id = invitation_id
  returning i.* into inv;
  if inv.id is null then
    perform private.fail('This invitation was not found', 'invitation_not_found', 'PT404');
  end if;
  return inv;
end;
$$;
comment on function public.resend_invitation(uuid) is
  'Resends a pending invitation of the caller''s organisation (users.manage): valid 7 days from now and e-mailed again with the same link. 404 for an unknown or another organisation''s invitation.';
revoke execute on function public.resend_invitation(uuid) from public, anon;
grant execute on function public.resend_invitation(uuid) to authenticated;

-- Service role (invite-notify): what the e-mail of a pending invitation says. Null when it is no
-- longer pending or has expired (nothing to send).
create function public.invitation_email(invitation_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', i.id,
    'email', i.email,
    'language', i.language,
    'token', i.token,
    'expires_at', i.expires_at,
    'organization', jsonb_build_object('name', o.name, 'name_ar', o.name_ar, 'timezone', o.default_timezone),
    'role', jsonb_build_object('key', r.key, 'name', r.name),
    'inviter', (select p.full_name from public.profiles p where p.user_id = i.invited_by))
  from public.invitations i
  join public.organizations o on o.id = i.organization_id
  join public.roles r on r.id = i.role_id
  where i.id = invitation_email.invitation_id and i.status = 'pending' and i.expires_at > now()
$$;
comment on function public.invitation_email(uuid) is
  'Service role (invite-notify): a pending invitation''s address, language, token, expiry, organisation, role and inviter''s name; null when not pending or expired.';
revoke all on function public.invitation_email(uuid) from public, anon, authenticated;
grant execute on function public.invitation_email(uuid) to service_role;
