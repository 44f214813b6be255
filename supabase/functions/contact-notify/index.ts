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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function env(name: string): string | undefined {
  const value = Deno.env.get(name);
  return value ? value : undefined;
}

function answer(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** Constant-time comparison of two keys. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Every key that acts as the service role (the legacy JWT and the new secret keys). */
function serviceKeys(): string[] {
  const keys = [env('SUPABASE_SERVICE_ROLE_KEY')];
  try {
    keys.push(...Object.values(JSON.parse(env('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>));
  } catch {
    // no secret keys
  }
  return keys.filter((k): k is string => typeof k === 'string' && k.length > 0);
}

function isServiceCaller(req: Request): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1] ?? null;
  const presented = bearer ?? req.headers.get('apikey');
  return presented !== null && presented !== '' && serviceKeys().some((key) => sameSecret(key, presented));
}

/** PostgREST as the service role. */
async function rest(path: string, init: RequestInit = {}): Promise<Response> {
  const url = env('SUPABASE_URL');
  const key = serviceKeys()[0];
  if (!url || !key) throw new Error('SUPABASE_URL or the service key is not set');
  const headers: Record<string, string> = { apikey: key, 'Content-Type': 'application/json' };
  if (key.split('.').length === 3) headers.Authorization = `Bearer ${key}`;
  return await fetch(`${url.replace(/\/+$/, '')}/rest/v1/${path}`, {
    ...init,
    headers: { ...headers, ...init.headers },
  });
}

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

  const apiKey = env('EMAIL_API_KEY');
  const from = env('EMAIL_FROM');
  const to = env('OPERATOR_EMAIL');
  if (!apiKey || !from || !to) {
    console.error('contact-notify: EMAIL_API_KEY, EMAIL_FROM or OPERATOR_EMAIL is not set; the message stays stored');
    return answer(503, { code: 'email_not_configured', message: 'The operator e-mail is not configured' });
  }
  const { subject, text } = composeEmail(request);
  const sent = await fetch(`${(env('EMAIL_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, '')}/emails`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `contact-request-${request.id}`,
    },
    body: JSON.stringify({
      from,
      to: [to],
      subject,
      text,
      ...(request.email ? { reply_to: request.email } : {}),
      tags: [{ name: 'kind', value: 'contact_request' }],
    }),
  });
  if (!sent.ok) {
    console.error(`contact-notify: the e-mail provider answered ${sent.status}: ${await sent.text()}`);
    return answer(502, { code: 'email_failed', message: 'The e-mail provider refused the message' });
  }
  const { id: emailId } = (await sent.json()) as { id?: string };
  const stamped = await rest(`contact_requests?id=eq.${id}`, {
    method: 'PATCH',
    body: JSON.stringify({ notified_at: new Date().toISOString() }),
  });
  if (!stamped.ok) throw new Error(`notified_at update failed: ${stamped.status} ${await stamped.text()}`);
  return answer(200, { status: 'sent', email_id: emailId ?? null });
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return answer(405, { code: 'method_not_allowed', message: 'Use POST' });
  if (!isServiceCaller(req)) return answer(401, { code: 'unauthorized', message: 'Service role only' });
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
