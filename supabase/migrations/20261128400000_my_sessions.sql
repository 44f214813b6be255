-- Settings → Security → active sessions (issue 14): the caller's own sign-ins, and ending one of
-- them from another device.
--
--   * public.my_sessions(): the caller's sessions (auth.sessions of auth.uid(), nobody else's):
--     when each began, when it was last active (its last token refresh), the browser's user agent,
--     the address it signed in from, its assurance level, and whether it is the session of the
--     request itself (the access token's session_id claim, which hosted Supabase Auth puts in every
--     token and which is auth.sessions' primary key: supabase.com/docs/guides/auth/sessions).
--     Sessions past their not_after (a time-boxed session) are over and left out.
--   * public.sign_out_session(target): ends one other session of the caller: deleting its
--     auth.sessions row deletes its refresh tokens (on delete cascade, the same in hosted
--     Supabase's auth schema), so its next refresh is refused and the auth service refuses its
--     access token at /user ("session_not_found"); what it already holds expires within the JWT
--     lifetime, exactly as after supabase.auth.signOut({ scope: 'others' }). The current session
--     is refused (the app signs itself out through the auth service, which also clears the
--     browser's storage); someone else's session, or one that is gone, is "not found".
--
-- auth.sessions is not exposed to the browser roles: these definer functions read and delete
-- the caller's own rows only. Both run as the migration's owner (postgres), which may read and
-- delete rows of auth.sessions on hosted Supabase as locally.

create function public.my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  last_active_at timestamptz,
  user_agent text,
  ip text,
  aal text,
  is_current boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id,
         s.created_at,
         -- refreshed_at is GoTrue's UTC wall time without a zone; updated_at moves with it locally.
         greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'utc') as last_active_at,
         s.user_agent,
         host(s.ip) as ip,
         s.aal::text,
         s.id::text = coalesce(auth.jwt() ->> 'session_id', '') as is_current
    from auth.sessions s
   where s.user_id = auth.uid()
     and (s.not_after is null or s.not_after > now())
   order by (s.id::text = coalesce(auth.jwt() ->> 'session_id', '')) desc,
            greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'utc') desc nulls last,
            s.id
$$;
comment on function public.my_sessions() is
  'The caller''s own active sessions (auth.sessions of auth.uid()), the current one (JWT session_id) first.';
revoke execute on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;

create function public.sign_out_session(target uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  current_session text := auth.jwt() ->> 'session_id';
begin
  if caller is null then
    perform private.fail('Please sign in to continue', 'sign_in_required', '42501');
  end if;
  if target is not null and target::text = current_session then
    -- Ending the session of this very request is the auth service's logout (scope local).
    perform private.fail('Please check your input and try again.', 'session_is_current', '22023');
  end if;
  delete from auth.sessions s where s.id = target and s.user_id = caller;
  if not found then
    perform private.fail('This session was not found', 'session_not_found', 'PT404');
  end if;
end;
$$;
comment on function public.sign_out_session(uuid) is
  'Ends one other session of the caller (its refresh tokens go with it); another user''s or a gone session is 404.';
revoke execute on function public.sign_out_session(uuid) from public, anon;
grant execute on function public.sign_out_session(uuid) to authenticated;
