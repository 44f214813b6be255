/**
 * The findings of ./rules.ts we keep on purpose, each with its reason. A finding not listed here
 * fails supabase/tests/db-lint-splinter.test.ts, and so does an entry that no longer matches a
 * finding (remove it). ERROR findings can never be listed. For function rules `object` is
 * `schema.name`; the test also fails when a listed function gains an overload, so an entry never
 * covers a function nobody reviewed.
 *
 * Reviewed in issue 10 (item 11). SECURITY DEFINER is needed where a function writes or reads
 * rows the caller's RLS does not reach (secrets tables, another role's rows, lapsed holds); each
 * such function checks the caller itself before doing anything (tenancy first, then permission).
 */
export interface Allowance {
  rule: string;
  object: string;
  reason: string;
}

const anon = 'anon_security_definer_function_executable';
const signedIn = 'authenticated_security_definer_function_executable';

/** The public booking page (/org/{slug}): visitors have no account; signed-in people visit it too. */
const PUBLIC_PAGE: Array<[string, string]> = [
  [
    'public.get_public_site',
    'the public booking page reads its site, active units, photos and published reviews by slug; only enabled ' +
      'sites, and a fixed list of public fields (no guest data, no lock or owner details)',
  ],
  [
    'public.check_unit_availability',
    'the booking page asks whether dates are free: answers only for active units of enabled sites (or the ' +
      'caller’s own organisation with bookings/units access), returns a boolean, and first releases lapsed ' +
      'public holds, a write the caller could not make',
  ],
  [
    'public.unit_booked_ranges',
    'the booking page’s calendar: booked date ranges only (no guest data) of units the caller may see, as ' +
      'check_unit_availability; releases lapsed holds first',
  ],
  [
    'public.request_booking',
    'a visitor asks for a stay: checks the slug, the unit, dates, stay length and guest fields, rate-limits per ' +
      'unit, guest phone and client address, then writes a pending client and booking nobody outside the ' +
      'organisation may insert',
  ],
  [
    'public.public_booking_quote',
    'the booking page’s live quote before a request: only active units of enabled sites by slug, the same ' +
      'bounds as request_booking; returns the unit’s public prices, the total and a yes/no for the dates (it ' +
      'needs the organisation’s time zone and currency and the bookings, which visitors cannot read, and ' +
      'releases lapsed public holds first); writes nothing else and reads no guest data',
  ],
  [
    'public.review_invitation',
    'a guest opens their review link (issue 13): only a valid, unused, unexpired token (looked up by its SHA-256) ' +
      'answers, with the site and unit names, the stay dates and the guest’s first name; invitations live in ' +
      'private, which visitors cannot read',
  ],
  [
    'public.submit_review_with_link',
    'a guest reviews their stay through its single-use link (issue 13): the token must be valid, unused and ' +
      'unexpired; the review is written unpublished for that booking with the guest’s name from the booking and ' +
      'the token marked used in one transaction, rows visitors cannot write or read',
  ],
];

/** The invitation page (/invite/<token>, issue 14): the invitee opens it before signing in. */
const INVITATION_PAGE: Array<[string, string]> = [
  [
    'public.invitation_preview',
    'the invitee opens their invitation link (issue 14): only the holder of a token (256 random bits, e-mailed to ' +
      'the invited address) learns the organisation and role names, the invited address, its language, status ' +
      'and expiry; an unknown token is 404; invitations are readable otherwise only by users.manage holders',
  ],
];

/** The guest's invoice link (/invoice/<token>, issue 16): the guest has no account. */
const GUEST_INVOICE: Array<[string, string]> = [
  [
    'public.public_invoice',
    'a guest opens the invoice link from an invoice message (issue 16): only the holder of a token (244 random ' +
      'bits, kept in private.invoice_guest_links, which no browser role may read) gets that one issued document ' +
      'as printed (seller, buyer, lines, totals, VAT, QR), without payments, contact details or ZATCA logs; ' +
      'null for an unknown token or a draft; reads only, writes nothing',
  ],
];

/** The landing page (/): anyone may write to the platform's operator (issue 12). */
const LANDING: Array<[string, string]> = [
  [
    'public.submit_contact_request',
    'the contact form: checks name, phone (E.164) or e-mail, message and consent, limits messages per client ' +
      'address (which it reads from the request, as request_booking does) and per phone or e-mail, then writes ' +
      'a row of public.contact_requests, which no browser role may insert, and its origin in private',
  ],
];

/**
 * The super-administrator console (issue 14, /super-admin): every function first requires the
 * super-administrator claim (app_metadata.role, writable by the service role only) and answers
 * anyone else 404 not_found (supabase/tests/db-super-admin.test.ts calls each as owner, member,
 * the other tenant and a visitor). They read across tenants and auth.users, which no policy lets
 * a browser role do, or write columns organizations_guard keeps for trusted paths.
 */
const SUPER_ADMIN: Array<[string, string]> = [
  ['public.admin_organizations', 'lists every organisation with its owner (auth.users e-mail and phone) and counts'],
  ['public.admin_organization', 'one organisation’s detail, usage and owner’s last sign-in (auth.users)'],
  ['public.admin_set_organization_plan', 'sets the plan and cycle, marked trusted past organizations_guard; audited'],
  ['public.admin_suspend_organization', 'suspends an organisation with a reason, past organizations_guard; audited'],
  ['public.admin_reactivate_organization', 'lifts a suspension, past organizations_guard; audited'],
  ['public.admin_platform_health', 'counts of background queues of every tenant, pg_cron jobs and database size'],
  ['public.admin_audit_log', 'the audit log of every tenant with organisation and actor names'],
];

export const ALLOWED: Allowance[] = [
  ...[...PUBLIC_PAGE, ...INVITATION_PAGE, ...GUEST_INVOICE, ...LANDING].map(([object, reason]) => ({
    rule: anon,
    object,
    reason,
  })),
  ...[...PUBLIC_PAGE, ...INVITATION_PAGE, ...GUEST_INVOICE, ...LANDING].map(([object, reason]) => ({
    rule: signedIn,
    object,
    reason: `${reason} (signed-in visitors too)`,
  })),
  ...SUPER_ADMIN.map(([object, reason]) => ({
    rule: signedIn,
    object,
    reason: `super-administrator console: ${reason}; 404 to anyone without the claim`,
  })),
  {
    rule: signedIn,
    object: 'public.my_organization_suspension',
    reason:
      'tells the staff of a suspended organisation why they see nothing (issue 14): only their own ' +
      'organisation’s name and suspension reason, which current_org_id() no longer lets them read; null otherwise',
  },
  {
    rule: signedIn,
    object: 'public.my_billing',
    reason:
      'Settings → Billing (issue 14): the caller’s own organisation’s plan, usage counts (units, users) and the ' +
      'fixed SPEC §9 prices, counts staff without units.read or users.manage may not list row by row; 404 ' +
      'without an organisation; writes nothing',
  },
  {
    rule: signedIn,
    object: 'public.review_link',
    reason:
      'staff send a guest the review link of a checked-out stay (issue 13): needs bookings access in the caller’s ' +
      'organisation, answers 404 for another organisation’s booking, 409 when not checked out or reviewed; ' +
      'writes the token’s hash to private.review_invitations, which no browser role may touch',
  },
  {
    rule: signedIn,
    object: 'public.create_organization',
    reason:
      'onboarding: creates the organisation, its built-in roles, the caller’s profile as administrator and the ' +
      'public site in one step, rows no policy lets a user without an organisation write; refuses callers who ' +
      'already belong to one, non-staff and (db-privileges) anonymous accounts',
  },
  {
    rule: signedIn,
    object: 'public.accept_invitation',
    reason:
      'joins the caller to the inviting organisation: writes their profile and role, which no policy lets a ' +
      'non-member write; requires the verified invited e-mail and a pending, unexpired invitation whose role ' +
      'the inviter may still grant',
  },
  {
    rule: signedIn,
    object: 'public.team_members',
    reason:
      'the Users screen (issue 14): needs users.manage in the caller’s organisation and reads only its members and ' +
      'invitations; the last sign-in comes from auth.users (stamped by the auth service at every sign-in), which ' +
      'no browser role may read, so only its two columns for these members are returned',
  },
  {
    rule: signedIn,
    object: 'public.invitable_roles',
    reason:
      'the invitation form (issue 14): the caller’s organisation’s roles with whether the caller may grant each, ' +
      'which asks private.user_may_grant_role about permissions the caller cannot read themselves; empty without ' +
      'users.manage',
  },
  {
    rule: signedIn,
    object: 'public.booking_quote',
    reason:
      'staff booking form: price and availability for a unit of the caller’s organisation (bookings.read or ' +
      'write), after releasing lapsed public holds on it',
  },
  {
    rule: signedIn,
    object: 'public.booking_conflicts',
    reason:
      'staff booking form (issue 10, item 3): the bookings in the way of a stay on a unit of the caller’s ' +
      'organisation, with the guest’s name and a public request’s expiry, so staff see and choose; only with ' +
      'bookings.read or write, another organisation’s unit is 404; names even for staff without clients.read',
  },
  {
    rule: signedIn,
    object: 'public.pending_booking_requests',
    reason:
      'bookings calendar (issue 10, item 3): live public requests of the caller’s organisation in a date range ' +
      '(at most 400 days) with guest names; empty without bookings.read or write',
  },
  {
    rule: signedIn,
    object: 'public.refund_invoice',
    reason:
      'money back to a payer (issue 11): a refund row may only be written together with the credit note it ' +
      'belongs to, which browsers cannot do through the table; the function answers 404 for a document the caller ' +
      'may not read (other organisation, no invoices.read), needs invoices.write and payments.write, caps the ' +
      'amount at paid minus refunded, and writes both rows as the caller’s organisation',
  },
  {
    rule: signedIn,
    object: 'public.release_lapsed_booking_requests',
    reason:
      'staff screens release their organisation’s lapsed public requests before reading bookings; only with ' +
      'bookings access and only the caller’s organisation; returns a count',
  },
  {
    rule: signedIn,
    object: 'public.refresh_overdue_invoices',
    reason:
      'called by dashboard_overview (SECURITY INVOKER) for the caller’s organisation; a no-op without ' +
      'invoices.read; updates only that organisation’s pending invoices past due',
  },
  {
    rule: signedIn,
    object: 'public.create_api_key',
    reason:
      'api_keys.manage holders create a key for their organisation; only the hash is stored and the key is ' +
      'shown once, so the row is written here rather than through the table',
  },
  {
    rule: signedIn,
    object: 'public.set_unit_lock_credentials',
    reason:
      'writes unit_lock_secrets, which no API role may read or write; checks the unit is in the caller’s ' +
      'organisation and locks.write or units.write',
  },
  {
    rule: signedIn,
    object: 'public.set_ota_credentials',
    reason:
      'writes ota_connection_secrets (service role only); checks the connection is in the caller’s ' +
      'organisation and channels.write',
  },
  {
    rule: signedIn,
    object: 'public.set_integration_api_key',
    reason:
      'writes integration_secrets (service role only); checks the integration is in the caller’s ' +
      'organisation and integrations.write',
  },
  {
    rule: signedIn,
    object: 'public.set_lock_integration',
    reason:
      'Settings → Integrations (issue 15): writes integration_lock_secrets (service role only) and the ' +
      'organisation’s ttlock row, which browsers may not write directly; caller’s organisation and integrations.write',
  },
  {
    rule: signedIn,
    object: 'public.disconnect_lock_integration',
    reason:
      'Settings → Integrations (issue 15): deletes the caller’s organisation’s TTLock secrets and its tokens in ' +
      'private.lock_account_tokens, which no browser role reaches; integrations.write',
  },
  {
    rule: signedIn,
    object: 'public.set_channel_sync_schedule',
    reason:
      'Settings → Integrations (issue 15): upserts the caller’s organisation’s ical row, which browsers may not ' +
      'write directly (its status drives the schedule); integrations.write',
  },
  {
    rule: signedIn,
    object: 'public.channel_sync_status',
    reason:
      'Settings → Integrations (issue 15): counts of the caller’s organisation’s iCal feeds and their newest sync ' +
      'for integrations.read holders, who may lack channels.read; no connection details',
  },
  {
    rule: signedIn,
    object: 'public.integration_for_caller',
    reason:
      'the locks and ical functions check integrations.read / integrations.write of the caller before acting for ' +
      'their organisation; answers only the caller’s own organisation’s row (no secrets)',
  },
  {
    rule: signedIn,
    object: 'public.start_task',
    reason:
      'staff with tasks.write or the assigned vendor move a task forward; vendors have no update policy on ' +
      'tasks, so the transition rules live in private.set_task_status',
  },
  {
    rule: signedIn,
    object: 'public.complete_task',
    reason: 'as start_task: staff with tasks.write or the assigned vendor complete an open task',
  },
  {
    rule: signedIn,
    object: 'public.cancel_task',
    reason: 'staff with tasks.write of the task’s organisation cancel an open task; a fixed transition only',
  },
  {
    rule: signedIn,
    object: 'public.set_task_checklist_item',
    reason:
      'staff with tasks.write or the assigned vendor tick one checklist item of an open task; vendors cannot ' +
      'update task rows themselves',
  },
  {
    rule: signedIn,
    object: 'public.vendor_tasks',
    reason:
      'a vendor user’s task list with the unit’s name, address and times: vendor users read no unit, booking ' +
      'or organisation rows (20261122039200), so this returns exactly those columns for their own tasks',
  },
  {
    rule: signedIn,
    object: 'public.vendor_organizations',
    reason: 'names of the organisations the caller’s vendor works for; vendor users read no organisation rows',
  },
  {
    rule: signedIn,
    object: 'public.set_vendor_verification',
    reason:
      'super administrators, or administrators of an organisation working with the vendor, mark it verified; ' +
      'vendors are shared between organisations, so no one organisation’s policy may update them',
  },
  {
    rule: signedIn,
    object: 'public.my_sessions',
    reason:
      'Settings → Security (issue 14): lists the caller’s own sessions from auth.sessions (user_id = auth.uid() ' +
      'only), which no browser role may read; marks the one of the token’s session_id claim',
  },
  {
    rule: signedIn,
    object: 'public.lock_unit_for_caller',
    reason:
      'Unit → Lock (issue 15): the locks edge function asks, with the caller’s JWT, whether the caller may read or ' +
      'change this unit’s lock (current_org_id(): another organisation’s unit is 404; locks/units read or write ' +
      'permission, else 42501) and gets the lock ids only — the lock account stays in unit_lock_secrets; writes nothing',
  },
  {
    rule: signedIn,
    object: 'public.retry_stay_lock_code',
    reason:
      'A booking’s door code (issue 15): "Retry now" moves the next attempt of a failed code of the caller’s own ' +
      'organisation forward (another organisation’s booking is 404; bookings.write or locks.write, else 42501); ' +
      'booking_lock_codes has no browser write grant, so this is the only way to ask for it',
  },
  {
    rule: signedIn,
    object: 'public.ical_connection_for_caller',
    reason:
      'Unit → Channels "Sync now" (issue 15): the ical edge function asks, with the caller’s JWT, whether the caller ' +
      'may sync this connection (current_org_id(): another organisation’s connection is 404; channels.write or ' +
      'units.write, else 42501) and gets its id, unit and import URL only; writes nothing',
  },
  {
    rule: signedIn,
    object: 'public.rotate_ical_export_token',
    reason:
      'Unit → Channels "Rotate link" (issue 15): a new export token for a connection of the caller’s own organisation ' +
      '(another organisation’s is 404; channels.write or units.write, else 42501); definer so the new token is ' +
      'generated server-side, never chosen by the browser',
  },
  {
    rule: signedIn,
    object: 'public.send_message',
    reason:
      'Inbox (issue 16): checks messages.write, the client/booking/template are the caller’s organisation’s (else 404), the refusals (opt-out, e-mail, phone, length, WhatsApp window); writes a queued message with trusted columns (template, WhatsApp template, attempts) browsers may not set and queues the pg_net call with Vault secrets',
  },
  {
    rule: signedIn,
    object: 'public.whatsapp_window',
    reason:
      'Inbox (issue 16): messages.read; tells whether the caller’s organisation’s guest wrote on WhatsApp in 24 h and whether WhatsApp is connected, which needs messaging_secrets (service role only); returns no secret',
  },
  {
    rule: signedIn,
    object: 'public.render_message_template',
    reason:
      'Inbox / Settings → Messages (issue 16): messages.read, template and booking of the caller’s organisation (else 404); reads the booking, unit, client and the stay’s door code, which is shown only to locks.read holders (else ••••)',
  },
  {
    rule: signedIn,
    object: 'public.render_message_text',
    reason:
      'Inbox / Settings → Messages (issue 16): preview of a draft for a booking of the caller’s organisation (messages.read, else 42501/404); the door code only for locks.read holders (else ••••)',
  },
  {
    rule: signedIn,
    object: 'public.inbox_conversations',
    reason:
      'Inbox (issue 16): messages.read; one row per guest of the caller’s organisation only (organization_id = current_org_id in every query), fast without per-row RLS',
  },
  {
    rule: signedIn,
    object: 'public.mark_conversation_seen',
    reason:
      'Inbox (issue 16): messages.read; sets seen_at on the caller’s organisation’s inbound messages of one conversation, a column browsers may not update',
  },
  {
    rule: signedIn,
    object: 'public.set_messaging_settings',
    reason:
      'Settings → Messages (issue 16): settings.manage; quiet hours and SMS provider/sender of the caller’s organisation’s messaging_settings row, which browsers may not write directly',
  },
  {
    rule: signedIn,
    object: 'public.set_messaging_provider',
    reason:
      'Settings → Integrations (issue 16): integrations.write; writes the caller’s organisation’s WhatsApp/SMS settings and its token into messaging_secrets (service role only, write-only for browsers)',
  },
  {
    rule: signedIn,
    object: 'public.disconnect_messaging_provider',
    reason:
      'Settings → Integrations (issue 16): integrations.write; forgets the caller’s organisation’s messaging token (messaging_secrets, service role only) and ids',
  },
  {
    rule: signedIn,
    object: 'public.set_message_automation',
    reason:
      'Settings → Messages (issue 16): settings.manage; turns one automatic message of the caller’s organisation on or off and validates its days (also writable under RLS)',
  },
  {
    rule: signedIn,
    object: 'public.sign_out_session',
    reason:
      'Settings → Security (issue 14): deletes one auth.sessions row of the caller (user_id = auth.uid(), never ' +
      'the current session; anyone else’s is 404), which no browser role may write; its refresh tokens go with it',
  },
  {
    rule: signedIn,
    object: 'public.acknowledge_alert_event',
    reason:
      'Financial alerts (issue 17): checks the organisation and automations.write (404 for another ' +
      'organisation’s event), then stamps acknowledged_at/by on alert_events, which browsers may only read',
  },
  {
    rule: signedIn,
    object: 'public.evaluate_my_alerts',
    reason:
      'Financial alerts (issue 17), “Check now”: checks the organisation and automations.write, then evaluates ' +
      'its alerts, filing alert_events and notifications (rows no browser role writes) for the caller’s organisation only',
  },
  ...[
    'public.einvoicing_chains',
    'public.integration_secrets',
    'public.integration_lock_secrets',
    'public.messaging_secrets',
    'public.ota_connection_secrets',
    'public.unit_lock_secrets',
    'private.lock_account_tokens',
  ].map((object) => ({
    rule: 'rls_enabled_no_policy',
    object,
    reason:
      'secrets and the e-invoice hash chain: only the service role (edge functions) and SECURITY DEFINER ' +
      'functions touch them; no grant to anon or authenticated, and no policy by design',
  })),
  {
    rule: 'rls_enabled_no_policy',
    object: 'private.invoice_guest_links',
    reason:
      'the guests’ invoice-link tokens (issue 16): only SECURITY DEFINER functions read them (public_invoice by ' +
      'token, the message rendering); no grant to any API role, and no policy by design',
  },
];
