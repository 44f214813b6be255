-- Invitations grant only what the inviter holds (issue 10, item 1).
--
-- Until now a holder of users.manage could invite someone as a member and then
-- `PATCH /rest/v1/invitations?id=eq.… {"role_id": <admin role>}`: the insert trigger checked the
-- administrator role, the update path checked nothing, and accept_invitation() made the invitee
-- an administrator. Now every path is checked:
--
--  * insert: the role must be one the inviter may grant (private.user_may_grant_role: an
--    administrator, or someone holding every permission of a non-admin role). The database,
--    not the request, sets who invited (invited_by), the token, the status (pending) and the
--    acceptance columns; the invitation is valid for at most 30 days.
--  * update (browsers may change role_id, expires_at and status): only a pending invitation
--    changes. Revoking it (status → revoked) is open to every users.manage holder: it takes
--    nothing away from anyone. Any other change — a new role, a new expiry — re-issues the
--    invitation: the new role must be grantable by the caller, who becomes the inviter, and
--    bringing a lapsed invitation back to life takes a plan seat again. Status can never be
--    set to pending, accepted or expired by a browser (accept_invitation() accepts).
--  * accept: when an invitation turns from pending to accepted, the inviter must still be an
--    active member holding users.manage who may grant the role *as it is now*. So an invitation
--    does not outlive its inviter's rights, and a role that gained permissions since the
--    invitation was sent cannot be slipped in. We re-check rather than freeze the role's
--    permissions at invitation time because a role is shared by everyone holding it: the only
--    honest question is whether the grant would be allowed today. A refused invitation stays
--    pending (the whole accept_invitation() call rolls back); an administrator (or another
--    holder who may grant it) re-issues it by re-dating it. The check sits in this trigger, on
--    the acceptance itself, not in accept_invitation()'s body: it then holds for every version
--    of that function (later migrations redefine it) and for any other way of accepting.
--    Invitations made by trusted callers (service role, seed) carry no inviter and pass.

-- How long an invitation may be valid: the default is 7 days (20261122000700), at most 30.
create function private.invitation_max_validity()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 days' $$;
comment on function private.invitation_max_validity() is 'The longest an invitation may stay valid (30 days).';
revoke all on function private.invitation_max_validity() from public;

-- Runs before the older invitations_before_insert (plan seat, admin role): the name sorts first,
-- so the seat check sees the status this trigger settles on.
create function private.invitations_grant_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Accepting (accept_invitation() does it as a trusted call): the inviter must still be
  -- allowed to make this grant, today.
  if tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'accepted' and new.invited_by is not null
     and not (private.user_has_permission(new.invited_by, new.organization_id, 'users.manage')
              and private.user_may_grant_role(new.invited_by, new.organization_id, new.role_id)) then
    perform private.fail('This invitation can no longer be accepted. Ask the organization to send a new one.',
                         'invitation_not_grantable', '42501');
  end if;
  if private.is_trusted() then
    return new;
  end if;

  if tg_op = 'INSERT' then
    -- Bookkeeping is the database's: who invited, the secret token, the state.
    new.invited_by := auth.uid();
    new.token := encode(sha256(gen_random_uuid()::text::bytea || gen_random_uuid()::text::bytea), 'hex');
    new.status := 'pending';
    new.accepted_at := null;
    new.accepted_by := null;
    new.created_at := now();
    if new.expires_at <= now() or new.expires_at > now() + private.invitation_max_validity() then
      perform private.fail('An invitation can be valid for up to 30 days', 'invitation_expiry_invalid', '23514');
    end if;
    perform private.require_may_grant_role(new.role_id);
    return new;
  end if;

  -- UPDATE. Columns a browser cannot change (email, organisation, token, inviter…) are kept
  -- out by column privileges; these are the rules for role_id, expires_at and status.
  if old.status <> 'pending' then
    perform private.fail('Only pending invitations can be changed', 'invitation_not_pending', '23514');
  end if;
  if new.status is distinct from old.status then
    if new.status <> 'revoked' then
      perform private.fail('An invitation can only be revoked here', 'invitation_status_forbidden', '42501');
    end if;
    -- Revoking gives nothing to anyone; whatever else the request carried stays as it was.
    new.role_id := old.role_id;
    new.expires_at := old.expires_at;
    return new;
  end if;
  if new.role_id is distinct from old.role_id or new.expires_at is distinct from old.expires_at then
    if new.expires_at is distinct from old.expires_at
       and (new.expires_at <= now() or new.expires_at > now() + private.invitation_max_validity()) then
      perform private.fail('An invitation can be valid for up to 30 days', 'invitation_expiry_invalid', '23514');
    end if;
    -- Re-issuing: the caller grants the (possibly new) role and answers for it at accept time.
    perform private.require_may_grant_role(new.role_id);
    new.invited_by := auth.uid();
    -- A lapsed invitation no longer holds a seat (check_user_limit counts live ones only).
    if old.expires_at <= now() then
      perform private.check_user_limit(old.organization_id);
    end if;
  end if;
  return new;
end;
$$;
comment on function private.invitations_grant_guard() is
  'Invitations: the role must be grantable by the inviter (when invited, re-issued and accepted); only pending invitations change; re-dating or re-targeting re-issues (caller becomes inviter); browsers only revoke.';
revoke all on function private.invitations_grant_guard() from public;
create trigger invitations_0_grant_guard before insert or update on public.invitations
  for each row execute function private.invitations_grant_guard();
