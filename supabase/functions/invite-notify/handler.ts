// POST /functions/v1/invite-notify {"id": "<invitation id>"} — e-mails an invitation (issue 14).
// Called by the database with the service role (the invitations_notify trigger, pg_net after
// commit) when an invitation is created or resent; nobody else. verify_jwt is off
// ([functions.invite-notify] in supabase/config.toml) so a new-style secret key works too: the
// caller's key is checked here.
//
//   1. invitation_email(id) gives the pending invitation's address, language, token, expiry,
//      organisation, role and inviter (null: revoked, accepted or expired meanwhile — nothing sent);
//   2. the e-mail, in the invitee's language, goes through the provider's API (Resend's contract;
//      locally the stack's e-mail sandbox, whose e-mails appear in the outbox). The Idempotency-Key
//      names the invitation and its expiry, so a repeated call never sends one sending twice, and a
//      resend (re-dated) is a new e-mail;
//   3. the invitation records email_sent_at, or email_error with the provider's reason — only if
//      its expiry is still the one just sent (a resend in between owns the state).
//
// Environment: SITE_URL (the app's public address, for the link), EMAIL_API_URL / EMAIL_API_KEY /
// EMAIL_FROM. Without e-mail settings the invitation records why, and the screen offers a resend.
import { corsHeaders } from '../_shared/cors.ts';
import { emailSettings, sendEmail, type SendResult } from '../_shared/email.ts';
import { answer, UUID, isServiceCaller, serviceRest, type Env } from '../_shared/service.ts';
import { composeInvitation, type InvitationContext } from './compose.ts';

export interface InviteNotifyDeps {
  env: Env;
  fetch: typeof fetch;
}

export function createInviteNotifyHandler(deps: InviteNotifyDeps) {
  const rest = serviceRest(deps.env, deps.fetch);

  async function record(invitation: InvitationContext, result: SendResult): Promise<void> {
    const patch = result.ok
      ? { email_sent_at: new Date().toISOString(), email_error: null }
      : { email_sent_at: null, email_error: result.error.slice(0, 1000) };
    const filter = `id=eq.${invitation.id}&expires_at=eq.${encodeURIComponent(invitation.expires_at)}`;
    const updated = await rest(`invitations?${filter}`, { method: 'PATCH', body: JSON.stringify(patch) });
    if (!updated.ok) throw new Error(`invitations update failed: ${updated.status} ${await updated.text()}`);
  }

  async function deliver(id: string): Promise<Response> {
    const found = await rest('rpc/invitation_email', {
      method: 'POST',
      body: JSON.stringify({ invitation_id: id }),
    });
    if (!found.ok) throw new Error(`invitation_email failed: ${found.status} ${await found.text()}`);
    const invitation = (await found.json()) as InvitationContext | null;
    if (!invitation) return answer(200, { status: 'not_pending' });

    const siteUrl = deps.env('SITE_URL');
    const settings = emailSettings(deps.env);
    let result: SendResult;
    if (!siteUrl) {
      result = { ok: false, status: 503, error: 'SITE_URL is not set: the invitation link cannot be written' };
    } else if (!settings) {
      result = { ok: false, status: 503, error: 'E-mail is not configured (EMAIL_API_KEY, EMAIL_FROM)' };
    } else {
      const composed = composeInvitation(invitation, siteUrl);
      result = await sendEmail(
        settings,
        {
          from: settings.from,
          to: [invitation.email],
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          kind: 'invitation',
          idempotencyKey: `invitation-${invitation.id}-${new Date(invitation.expires_at).getTime()}`,
        },
        deps.fetch,
      );
    }
    await record(invitation, result);
    if (!result.ok) {
      console.error(`invite-notify: ${result.error}`);
      return answer(502, { status: 'failed', code: 'email_failed', message: result.error });
    }
    return answer(200, { status: 'sent', email_id: result.id });
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return answer(405, { code: 'method_not_allowed', message: 'Use POST' });
    if (!isServiceCaller(req, deps.env)) return answer(401, { code: 'unauthorized', message: 'Service role only' });
    let id: unknown;
    try {
      id = ((await req.json()) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'string' || !UUID.test(id)) {
      return answer(400, { code: 'invalid_id', message: 'Send {"id": "<invitation uuid>"}' });
    }
    try {
      return await deliver(id);
    } catch (error) {
      console.error('invite-notify:', error);
      return answer(503, { code: 'unavailable', message: 'The invitation could not be read or updated; resend it' });
    }
  };
}
