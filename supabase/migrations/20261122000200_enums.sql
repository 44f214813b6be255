-- Enumerations of SPEC §3, §4 and §9 as Postgres enums, so the generated TypeScript types
-- carry them as string unions and no client can store a value the product does not know.

create type public.subscription_plan as enum ('basic', 'advanced', 'enterprise');
create type public.currency_code as enum ('SAR', 'AED', 'USD', 'EUR');
-- Supported countries (SPEC §9): Saudi Arabia, UAE, Kuwait, Qatar, Bahrain, Oman, Jordan, Lebanon, Egypt.
create type public.country_code as enum ('SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'JO', 'LB', 'EG');
-- Timezones of SPEC §9 as IANA names: Riyadh (GMT+3), Dubai (GMT+4), London (GMT+0), New York (GMT-5).
create type public.org_timezone as enum ('Asia/Riyadh', 'Asia/Dubai', 'Europe/London', 'America/New_York');
-- Profiles allow Spanish; clients and public sites only en/ar (checked on those tables).
create type public.language_code as enum ('en', 'ar', 'es');

create type public.profile_kind as enum ('staff', 'vendor', 'platform');
create type public.profile_status as enum ('active', 'pending', 'inactive');

create type public.unit_type as enum ('villa', 'apartment', 'studio', 'wedding_hall', 'chalet');
create type public.amenity as enum (
  'wifi', 'parking', 'kitchen', 'garden', 'beach', 'balcony', 'air_conditioning', 'heating',
  'washing_machine', 'pool', 'gym', 'dryer', 'dishwasher', 'tv', 'elevator', 'pets_allowed',
  'smoking_allowed'
);

create type public.booking_status as enum ('pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled');
-- direct, the two OTA platforms, other (SPEC §3 Booking).
create type public.booking_source as enum ('direct', 'airbnb', 'booking_com', 'other');

create type public.invoice_status as enum ('draft', 'pending', 'paid', 'overdue', 'cancelled', 'refunded');
-- SPEC §9: cash, bank_transfer, credit_card, mobile_payment, plus debit card, mobile wallets
-- (Apple Pay, STC Pay), the local debit network (mada) and the card networks.
create type public.payment_method as enum (
  'cash', 'bank_transfer', 'credit_card', 'mobile_payment', 'debit_card', 'mada', 'apple_pay',
  'stc_pay', 'visa', 'mastercard'
);

create type public.task_type as enum ('cleaning', 'maintenance', 'inspection', 'repair', 'setup', 'housekeeping');
create type public.task_priority as enum ('low', 'medium', 'high', 'urgent');
create type public.task_status as enum ('pending', 'in_progress', 'completed', 'cancelled');

create type public.vendor_category as enum ('cleaning', 'maintenance', 'transportation', 'security');

create type public.connection_status as enum ('connected', 'disconnected', 'pending', 'setup_required', 'active');
create type public.ota_platform as enum ('airbnb', 'booking_com', 'gathern', 'agoda', 'expedia', 'vrbo', 'other');

create type public.passcode_kind as enum ('temporary', 'permanent');
create type public.passcode_status as enum ('active', 'invalid');

create type public.alert_severity as enum ('low', 'medium', 'high', 'critical');
create type public.alert_type as enum (
  'overdue_invoices', 'outstanding_balance', 'revenue_drop', 'low_occupancy', 'large_payment', 'failed_payment');
create type public.alert_frequency as enum ('realtime', 'daily', 'weekly', 'monthly');
create type public.alert_condition as enum ('greater_than', 'less_than', 'equals');
create type public.automation_trigger as enum (
  'booking_created', 'booking_confirmed', 'booking_cancelled', 'check_in', 'check_out',
  'invoice_created', 'invoice_overdue', 'payment_received', 'task_completed');
create type public.automation_action as enum (
  'send_whatsapp', 'send_sms', 'send_email', 'create_task', 'create_invoice', 'generate_passcode', 'notify_team');
create type public.sync_frequency as enum ('realtime', 'hourly', 'daily', 'weekly', 'manual');
create type public.invitation_status as enum ('pending', 'accepted', 'revoked', 'expired');
create type public.message_channel as enum ('whatsapp', 'sms', 'email');
create type public.message_direction as enum ('inbound', 'outbound');
create type public.message_status as enum ('queued', 'sent', 'delivered', 'read', 'failed');
