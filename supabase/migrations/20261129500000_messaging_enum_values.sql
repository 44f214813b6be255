-- Guest messaging (issue 16): the new automatic-message kinds and the staff notification of an
-- incoming guest message. Their own migration: a value added with `alter type … add value` can be
-- used only after the transaction that added it (the messaging migrations after this one use them).
--
--   booking_confirmed  a direct (non-request, non-imported) booking is confirmed;
--   pre_arrival        N days before check-in (carries the door code when the stay has one);
--   check_in_day       the morning of check-in;
--   check_out_day      the morning of check-out;
--   invoice_issued     an invoice of the guest is issued;
--   invoice_overdue    N days past an unpaid invoice's due date.
alter type public.guest_notice_kind add value if not exists 'booking_confirmed';
alter type public.guest_notice_kind add value if not exists 'pre_arrival';
alter type public.guest_notice_kind add value if not exists 'check_in_day';
alter type public.guest_notice_kind add value if not exists 'check_out_day';
alter type public.guest_notice_kind add value if not exists 'invoice_issued';
alter type public.guest_notice_kind add value if not exists 'invoice_overdue';
comment on type public.guest_notice_kind is
  'What a guest notice tells the guest (guest-notify edge function): request received / confirmed / declined / expired, review link, door code, and the automatic messages of issue 16 (booking confirmed, pre-arrival, check-in day, check-out day, invoice issued, invoice overdue).';

-- Staff hear of a guest's WhatsApp or SMS message (record_inbound_message).
alter type public.notification_event add value if not exists 'message_received';
