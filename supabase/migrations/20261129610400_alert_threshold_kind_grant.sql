-- Financial alerts (issue 17): the alerts' BEFORE trigger (private.alerts_before_write, SECURITY
-- INVOKER) runs as the staff member who writes the alert and calls private.alert_threshold_kind(),
-- whose EXECUTE 20261129610100 revoked from public: signed-in writers were refused with "permission
-- denied for function alert_threshold_kind" (403) instead of having their alert checked. The
-- helper is pure (a type → amount / percent / days), so the API roles may run it, as private.fail.
grant execute on function private.alert_threshold_kind(public.alert_type) to authenticated, service_role;
