/**
 * The local outbox: every SMS and e-mail the stack "sends" (there is no provider offline).
 * The gateway mounts `handle` at /_local/outbox:
 *   GET  /_local/outbox[?to=…]   JSON list, newest first
 *   GET  /_local/outbox/page     (or Accept: text/html) a small readable page
 *   DELETE /_local/outbox        clears it
 */
import { randomUUID } from 'node:crypto';
import type { Outbox, OutboxMessage } from '../types';

const MAX_MESSAGES = 500;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Phone numbers compare without "+" and spaces, e-mail case-insensitively. */
const normaliseAddress = (s: string) => s.trim().toLowerCase().replace(/^\+/, '').replace(/\s+/g, '');

/**
 * WhatsApp (issue 16): who wrote to whom, the receipt so far, and buttons that play what the guest's
 * phone would do — reply (a signed webhook to the messaging function) or report delivered / read.
 */
function whatsappParts(m: OutboxMessage): { meta: string; actions: string } {
  const inbound = m.direction === 'inbound';
  const meta = `<span class="ch">WHATSAPP</span> ${inbound ? 'from' : 'to'} <b>${escapeHtml(m.to)}</b>${
    m.status ? ` · <span class="st">${escapeHtml(m.status)}</span>` : ''
  }`;
  const play = (path: string, body: string) =>
    `fetch('/_sandbox/whatsapp/play/${path}',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(${body})}).then(()=>location.reload())`;
  const id = JSON.stringify(m.providerId ?? '');
  const from = JSON.stringify(m.to);
  const number = JSON.stringify(m.from ?? '');
  const reply = `(function(){var t=prompt('Reply from ${escapeHtml(m.to)}:');if(t)${play('inbound', `{from:${from},phone_number_id:${number},body:t}`)}})()`;
  const status = (s: string) => play('status', `{id:${id},status:'${s}'}`);
  const actions = inbound
    ? `<button onclick="${escapeHtml(reply)}">Play another reply</button>`
    : `<button onclick="${escapeHtml(reply)}">Play inbound reply</button> <button onclick="${escapeHtml(status('delivered'))}">Mark delivered</button> <button onclick="${escapeHtml(status('read'))}">Mark read</button> <button onclick="${escapeHtml(status('failed'))}">Mark failed</button>`;
  return { meta, actions: `<div class="actions">${actions}</div>` };
}

function renderPage(messages: OutboxMessage[]): string {
  const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
  const items = messages
    .map((m) => {
      const wa = m.channel === 'whatsapp' ? whatsappParts(m) : null;
      const meta =
        wa?.meta ??
        `<span class="ch">${m.channel.toUpperCase()}</span> to <b>${escapeHtml(m.to)}</b>${m.status ? ` · <span class="st">${escapeHtml(m.status)}</span>` : ''}`;
      return `<li class="${m.direction === 'inbound' ? 'in' : 'out'}"><div class="meta">${meta}
 · ${escapeHtml(m.kind)} · <time>${escapeHtml(m.createdAt)}</time></div>
${m.subject ? `<div class="subject">${escapeHtml(m.subject)}</div>` : ''}<pre>${linkify(m.body)}</pre>${wa?.actions ?? ''}</li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:50rem;padding:0 1rem;color:#1f2937}
ul{list-style:none;padding:0}li{border:1px solid #d1d5db;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
.meta{font-size:.85rem;color:#4b5563}.ch{font-weight:600;color:#0f766e}.subject{font-weight:600;margin-top:.25rem}
pre{white-space:pre-wrap;word-break:break-all;font-size:.95rem;margin:.5rem 0 0}
li.in{background:#f0fdf4;margin-inline-end:3rem}.st{font-weight:600;color:#7c3aed}.actions{margin-top:.5rem;display:flex;gap:.5rem;flex-wrap:wrap}
</style></head><body>
<h1>Local outbox</h1>
<p>SMS, WhatsApp messages and e-mails the local stack would have sent (newest first; the page refreshes every 5 s). Nothing leaves this machine.
<button onclick="fetch(location.pathname.replace(/\\/page$/,''),{method:'DELETE'}).then(()=>location.reload())">Clear</button></p>
<p>WhatsApp: the guest's side of each conversation (inbound replies in green). A guest writes first:
<button onclick="(function(){var f=prompt('Guest phone (E.164):','+966500000100');var t=f&&prompt('Message:');if(t)fetch('/_sandbox/whatsapp/play/inbound',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({from:f,body:t})}).then(()=>location.reload())})()">Play an inbound WhatsApp message</button>
SMS delivery report of the latest SMS: <button onclick="fetch('/_sandbox/sms/play/delivery',{method:'POST',body:'{}'}).then(()=>location.reload())">Mark delivered</button></p>
<p>What the e-invoicing function sent to ZATCA: the <a href="/_local/zatca/page">local ZATCA sandbox</a>.</p>
<p>Subscription payments (invoices, payments, webhooks): the <a href="/_sandbox/moyasar/page">local Moyasar sandbox</a>.</p>
<p>Smart-lock calls (tokens, passcodes, lock records): the <a href="/_sandbox/ttlock/page">local TTLock sandbox</a>.</p>
<p>Channel calendars (Airbnb, Booking.com, Gathern iCal feeds, and our exports they fetched): the <a href="/_sandbox/ota/page">local OTA feed sandbox</a>.</p>
${messages.length ? `<ul>${items}</ul>` : '<p><i>No messages yet.</i></p>'}
</body></html>`;
}

export function createOutbox(): Outbox & { handle(req: Request): Promise<Response> } {
  const messages: OutboxMessage[] = [];
  const outbox = {
    add(message: Omit<OutboxMessage, 'id' | 'createdAt'>): OutboxMessage {
      const full: OutboxMessage = { ...message, id: randomUUID(), createdAt: new Date().toISOString() };
      messages.unshift(full);
      if (messages.length > MAX_MESSAGES) messages.length = MAX_MESSAGES;
      return full;
    },
    list: () => [...messages],
    clear: () => {
      messages.length = 0;
    },
    async handle(req: Request): Promise<Response> {
      const url = new URL(req.url);
      if (req.method === 'DELETE') {
        outbox.clear();
        return new Response(null, { status: 204 });
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return new Response(JSON.stringify({ message: 'Method not allowed' }), {
          status: 405,
          headers: { 'content-type': 'application/json' },
        });
      }
      const to = url.searchParams.get('to');
      const list = to ? messages.filter((m) => normaliseAddress(m.to) === normaliseAddress(to)) : [...messages];
      const wantsHtml = url.pathname.endsWith('/page') || (req.headers.get('accept') ?? '').includes('text/html');
      if (wantsHtml) return new Response(renderPage(list), { headers: { 'content-type': 'text/html; charset=utf-8' } });
      return new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } });
    },
  };
  return outbox;
}
