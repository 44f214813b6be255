-- The Inbox (issue 16): one conversation per guest (messages with a client) or per unknown sender
-- (incoming messages from a number no client has: keyed by that address), newest first, with the
-- last message, the unread count (incoming messages staff have not opened: seen_at null) and the
-- guest's current or next stay (else their latest). mark_conversation_seen() marks a
-- conversation's incoming messages read when staff open it.
--
-- Fast at demo ×10 (DESIGN §4 list budget): the conversations come from the index on messages
-- (organization_id, client_id, created_at desc) grouped per guest; for the page only, the last
-- message (one index probe each), the unread count (partial index messages_unread_idx) and the stay.

create function public.inbox_conversations(
  search text default null,
  channel public.message_channel default null,
  unread_only boolean default false,
  page_size integer default 30,
  before timestamptz default null
)
returns table (
  conversation_key text, client_id uuid, client_name text, client_phone text, client_email text,
  preferred_language text, opted_out boolean, booking_id uuid, booking_reference text, unit_name text,
  check_in date, check_out date, last_message_at timestamptz, last_body text,
  last_direction public.message_direction, last_channel public.message_channel,
  last_status public.message_status, unread_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  org uuid := private.current_org_id();
  pattern text := case when nullif(btrim(coalesce(inbox_conversations.search, '')), '') is not null
                       then '%' || replace(replace(replace(btrim(inbox_conversations.search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  wanted public.message_channel := inbox_conversations.channel;
  size integer := least(greatest(coalesce(inbox_conversations.page_size, 30), 1), 100);
  cutoff timestamptz := inbox_conversations.before;
  only_unread boolean := coalesce(inbox_conversations.unread_only, false);
  today date;
begin
  if org is null or not private.has_permission('messages.read') then
    perform private.fail('Permission denied. Contact administrator.', 'messages_read_required', '42501');
  end if;
  select (now() at time zone o.default_timezone::text)::date into today from public.organizations o where o.id = org;
  return query
  with convs as (
    select m.client_id as cid, null::text as address, max(m.created_at) as last_at
      from public.messages m
     where m.organization_id = org and m.client_id is not null and (wanted is null or m.channel = wanted)
     group by m.client_id
    union all
    select null::uuid, m.from_address, max(m.created_at)
      from public.messages m
     where m.organization_id = org and m.client_id is null and m.direction = 'inbound' and m.from_address is not null
       and (wanted is null or m.channel = wanted)
     group by m.from_address
  ),
  page as (
    select cv.*, cl.name as cname, cl.phone as cphone, cl.email as cemail, cl.preferred_language::text as clang,
           cl.messages_opt_out as cout
      from convs cv
      left join public.clients cl on cl.id = cv.cid
     where (cutoff is null or cv.last_at < cutoff)
       and (pattern is null or cl.name ilike pattern or cl.phone ilike pattern or cl.email ilike pattern
            or cv.address ilike pattern)
       and (not only_unread or exists (
             select 1 from public.messages u
              where u.organization_id = org and u.direction = 'inbound' and u.seen_at is null
                and (wanted is null or u.channel = wanted)
                and ((cv.cid is not null and u.client_id = cv.cid)
                     or (cv.cid is null and u.client_id is null and u.from_address = cv.address))))
     order by cv.last_at desc, cv.cid nulls last, cv.address
     limit size
  )
  select case when p.cid is not null then 'client:' || p.cid else 'address:' || p.address end,
         p.cid, p.cname, coalesce(p.cphone, p.address), p.cemail, p.clang, coalesce(p.cout, false),
         stay.id, stay.booking_reference, stay.unit_name, stay.check_in, stay.check_out,
         p.last_at, last.body, last.direction, last.channel, last.status,
         (select count(*)::integer from public.messages u
           where u.organization_id = org and u.direction = 'inbound' and u.seen_at is null
             and ((p.cid is not null and u.client_id = p.cid)
                  or (p.cid is null and u.client_id is null and u.from_address = p.address)))
    from page p
    cross join lateral (
      select m.body, m.direction, m.channel, m.status from public.messages m
       where m.organization_id = org
         and ((p.cid is not null and m.client_id = p.cid)
              or (p.cid is null and m.client_id is null and m.from_address = p.address))
         and (wanted is null or m.channel = wanted)
       order by m.created_at desc limit 1) last
    left join lateral (
      select b.id, b.booking_reference, coalesce(case when p.clang = 'en' then u.name else coalesce(u.name_ar, u.name) end, u.name) as unit_name,
             b.check_in, b.check_out
        from public.bookings b join public.units u on u.id = b.unit_id
       where p.cid is not null and b.organization_id = org and b.client_id = p.cid and b.status <> 'cancelled'
       order by (b.check_out >= today) desc,
                case when b.check_out >= today then b.check_in end asc,
                b.check_in desc
       limit 1) stay on true
   order by p.last_at desc, p.cid nulls last, p.address;
end;
$$;
comment on function public.inbox_conversations(text, public.message_channel, boolean, integer, timestamptz) is
  'messages.read: the Inbox list — one row per guest (or unknown sender address), newest first, paged by last_message_at (before), with the last message, unread count and the guest''s current/next (else latest) stay; filters search, channel, unread_only.';
revoke all on function public.inbox_conversations(text, public.message_channel, boolean, integer, timestamptz) from public, anon;
grant execute on function public.inbox_conversations(text, public.message_channel, boolean, integer, timestamptz) to authenticated;

-- Staff opened a conversation: its incoming messages are read. Returns how many were unread.
create function public.mark_conversation_seen(conversation_key text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  client uuid;
  address text;
  marked integer;
begin
  if org is null or not private.has_permission('messages.read') then
    perform private.fail('Permission denied. Contact administrator.', 'messages_read_required', '42501');
  end if;
  if conversation_key ~* '^client:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    client := substr(conversation_key, 8)::uuid;
  elsif conversation_key ~ '^address:.{1,255}$' then
    address := substr(conversation_key, 9);
  else
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  update public.messages m set seen_at = now()
   where m.organization_id = org and m.direction = 'inbound' and m.seen_at is null
     and ((client is not null and m.client_id = client)
          or (client is null and m.client_id is null and m.from_address = address));
  get diagnostics marked = row_count;
  return marked;
end;
$$;
comment on function public.mark_conversation_seen(text) is
  'messages.read: marks the incoming messages of a conversation (client:<uuid> or address:<phone>) as seen; returns how many were unread.';
revoke all on function public.mark_conversation_seen(text) from public, anon;
grant execute on function public.mark_conversation_seen(text) to authenticated;
