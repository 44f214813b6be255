-- Financial alerts (issue 17), part 1: the new alert types and the staff notification of a fired
-- alert. Their own migration: a value added with `alter type … add value` can be used only after
-- the transaction that added it (20261129610100 onwards use them).
--
--   invoice_overdue_days  an issued invoice is unpaid more than N days after its due date (per invoice);
--   revenue_below_target  the room revenue booked for the current month is below a target amount;
--   licence_expiring      a unit's Ministry of Tourism licence expires within N days (per unit).
alter type public.alert_type add value if not exists 'invoice_overdue_days';
alter type public.alert_type add value if not exists 'revenue_below_target';
alter type public.alert_type add value if not exists 'licence_expiring';
comment on type public.alert_type is
  'What a financial alert watches (private.alert_findings): overdue receivables, outstanding balance, revenue drop, low occupancy, large payment, failed payment, an invoice overdue N days, revenue below the month''s target, a tourism licence expiring.';

-- Staff hear of a fired financial alert (private.evaluate_alert → private.notify).
alter type public.notification_event add value if not exists 'financial_alert';
