-- public.my_permissions() runs with the caller's rights (issue 10, item 11: splinter 0029).
--
-- It lists the caller's permission keys so the UI can hide what they may not do (RLS still
-- decides). Nothing in it needs its owner's rights: every signed-in user reads public.permissions
-- (policy permissions_select, 20261122000600_roles_and_permissions.sql) and may execute
-- private.has_permission(), which is SECURITY DEFINER itself; the service role bypasses RLS and
-- holds every grant on the table. As SECURITY INVOKER it gives the same answers and is one
-- function fewer that bypasses RLS from the API.
alter function public.my_permissions() security invoker;
