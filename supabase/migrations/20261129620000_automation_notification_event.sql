-- Automation rules (issue 17): the notify_team action tells a chosen member or role in the app.
-- Its own migration: a value added with `alter type … add value` cannot be used in the
-- transaction that adds it (20261129620300 files these notifications).
alter type public.notification_event add value if not exists 'automation';
