-- Live updates (DESIGN §3): the Inbox and the notification bell listen to Supabase Realtime
-- postgres_changes. Realtime only streams tables of the `supabase_realtime` publication, and it
-- sends each row only to subscribers whose RLS policies let them select it (DELETEs carry just the
-- primary key). Hosted projects have the publication already; a bare PostgreSQL gets it here. The
-- local stack's Realtime server (supabase/local/realtime) captures the same tables with local-only
-- triggers it installs itself, so this file is the single list of what is live on both.

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Guest messages: new inbound messages and delivery-status updates reach the open Inbox.
do $$
begin
  if not exists (
    select from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'messages'
  ) then
    alter publication supabase_realtime add table public.messages;
  end if;
end
$$;

-- Staff notifications: the bell's unread count updates without polling.
do $$
begin
  if not exists (
    select from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'
  ) then
    alter publication supabase_realtime add table public.notifications;
  end if;
end
$$;
