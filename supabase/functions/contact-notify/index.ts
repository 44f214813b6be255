// POST /functions/v1/contact-notify {"id": "<contact request id>"} — e-mails the platform operator
// about a message left through the landing page's contact form (issue 12). Called by the database
// (the contact_requests_notify trigger, pg_net after commit) with the service role; nobody else.
// verify_jwt is off ([functions.contact-notify] in supabase/config.toml) so a new-style secret key
// works too: the caller's key is checked here.
//
// The message is read with the service role (only its id travels through pg_net) and sent through
// the e-mail provider's HTTP API (Resend's contract: POST {EMAIL_API_URL}/emails); locally
// EMAIL_API_URL is the stack's e-mail sandbox and the e-mail appears in the outbox. Success stamps
// notified_at; a message already notified is not sent again, and the provider's Idempotency-Key
// covers a retry that races the stamp.
//
// Environment: EMAIL_API_URL (default https://api.resend.com), EMAIL_API_KEY, EMAIL_FROM,
// OPERATOR_EMAIL; without a key, sender or recipient it answers 503 and the message stays stored.
import { corsHeaders } from '../_shared/cors.ts';
import { emailSettings, sendEmail } from '../_shared/email.ts';
import { answer, UUID, denoEnv, isServiceCaller, serviceRest } from '../_shared/service.ts';

interface ContactRequest {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  language: 'en' | 'ar';
  created_at: string;
  notified_at: string | null;
}

const env = denoEnv;
const rest = serviceRest(env);

/** The operator's e-mail: plain text, the visitor's words as they wrote them. */
function composeEmail(request: ContactRequest): { subject: string; text: string } {
  const reachable = [
    request.phone ? `Phone: ${request.phone}` : null,
    request.email ? `E-mail: ${request.email}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    subject: `Contact form: ${request.name.slice(0, 80)}`,
    text: [
      'A visitor wrote through the contact form on the Nuzl home page.',
      '',
      `Name: ${request.name}`,
      reachable,
      `Language: ${request.language === 'ar' ? 'Arabic' : 'English'}`,
      `Received: ${request.created_at}`,
      '',
      'Message:',
      request.message,
      '',
      `Reference: ${request.id}`,
    ].join('\n'),
  };
}

async function notify(id: string): Promise<Response> {
  const found = await rest(
    `contact_requests?id=eq.${id}&select=id,name,email,phone,message,language,created_at,notified_at`,
  );
  if (!found.ok) throw new Error(`contact_requests read failed: ${found.status} ${await found.text()}`);
  const [request] = (await found.json()) as ContactRequest[];
  if (!request) return answer(404, { code: 'not_found', message: 'No such contact request' });
  if (request.notified_at) return answer(200, { status: 'already_notified' });

  const settings = emailSettings(env);
  const to = env('OPERATOR_EMAIL');
  if (!settings || !to) {
    console.error('contact-notify: EMAIL_API_KEY, EMAIL_FROM or OPERATOR_EMAIL is not set; the message stays stored');
    return answer(503, { code: 'email_not_configured', message: 'The operator e-mail is not configured' });
  }
  const { subject, text } = composeEmail(request);
  const sent = await sendEmail(settings, {
    from: settings.from,
    to: [to],
    subject,
    text,
    ...(request.email ? { replyTo: request.email } : {}),
    kind: 'contact_request',
    idempotencyKey: `contact-request-${request.id}`,
  });
  if (!sent.ok) {
    console.error(`contact-notify: ${sent.error}`);
    return answer(502, { code: 'email_failed', message: 'The e-mail provider refused the message' });
  }
  const stamped = await rest(`contact_requests?id=eq.${id}`, {
    method: 'PATCH',
    body: JSON.stringify({ notified_at: new Date().toISOString() }),
  });
  if (!stamped.ok) throw new Error(`notified_at update failed: ${stamped.status} ${await stamped.text()}`);
  return answer(200, { status: 'sent', email_id: sent.id });
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return answer(405, { code: 'method_not_allowed', message: 'Use POST' });
  if (!isServiceCaller(req, env)) return answer(401, { code: 'unauthorized', message: 'Service role only' });
  let id: unknown;
  try {
    id = ((await req.json()) as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  if (typeof id !== 'string' || !UUID.test(id))
    return answer(400, { code: 'invalid_id', message: 'Send {"id": "<uuid>"}' });
  try {
    return await notify(id);
  } catch (error) {
    console.error('contact-notify:', error);
    return answer(500, { code: 'internal_error', message: 'The notification failed; it can be retried' });
  }
});
