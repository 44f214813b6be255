-- The stay's door code reaches the guest (issue 15): a new guest notice kind. In its own file
-- because a value added with `alter type … add value` cannot be used in the transaction that adds
-- it; 20261129300200 files and sends these notices.
alter type public.guest_notice_kind add value if not exists 'door_code';
comment on type public.guest_notice_kind is
  'What a guest notice tells the guest (guest-notify edge function); door_code: the stay''s door code and when it works.';
