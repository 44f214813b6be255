-- The staff notification of an iCal import conflict (issue 15): a platform's stay that overlaps a
-- stay already on the unit's calendar. Its own migration: a new enum value can be used only after
-- the transaction that added it (20261128700400 uses it).
alter type public.notification_event add value if not exists 'channel_conflict';
