-- Reports (issue 17): private.report_payments (20261129630000) is no longer called by anything —
-- report_overview reads payments through private.report_payment_rows (20261129640000) and
-- unit_statement through private.report_payments_of (20261129630200). A SECURITY DEFINER function
-- nobody calls is only surface: drop it.
drop function private.report_payments(timestamptz, timestamptz);
