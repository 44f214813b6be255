import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { createNotifyHandler } from './handler.ts';

const ENV: Record<string, string> = {
  SITE_URL: 'https://app.example',
  SUPABASE_URL: 'http://db.example',
  SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  EMAIL_API_URL: 'http://mail.example',
  EMAIL_API_KEY: 're_key',
  EMAIL_FROM: 'Nuzl <no-reply@nuzl.example>',
};
const DELIVERY = '22222222-2222-4222-8222-222222222222';

function claim(overrides: Record<string, unknown> = {}) {
  return {
    id: DELIVERY,
    channel: 'email',
    event: 'task_assigned',
    params: { title: 'Fix the AC', title_ar: null, unit: 'Palm Villa', unit_ar: 'فيلا النخيل' },
    link: '/dashboard/tasks?task=t1',
    to_address: 'faisal@example.com',
    attempts: 1,
    recipient: { name: 'Faisal', language: 'ar', status: 'active' },
    organization: { name: 'Demo Stays', name_ar: 'إقامات تجريبية', timezone: 'Asia/Riyadh' },
    ...overrides,
  };
}

/** A fake PostgREST and e-mail provider, recording every call. */
function fake(options: { claims: unknown[]; email?: number; env?: Record<string, string>; due?: string[] }) {
  const calls: Array<{ method: string; url: string; body: Record<string, unknown> | null; headers: Headers }> = [];
  const finished: Array<Record<string, unknown>> = [];
  let claimIndex = 0;
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input as string, init);
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    const url = new URL(request.url);
    calls.push({ method: request.method, url: `${url.host}${url.pathname}`, body, headers: request.headers });
    const json = (value: unknown, status = 200) => Response.json(value, { status });
    if (url.pathname === '/rest/v1/rpc/notification_deliveries_due') return json(options.due ?? []);
    if (url.pathname === '/rest/v1/rpc/notification_delivery_claim') return json(options.claims[claimIndex++] ?? null);
    if (url.pathname === '/rest/v1/rpc/notification_delivery_finish') {
      finished.push(body);
      return json({ sent_at: body.error === null ? 'now' : null, failed_at: body.give_up ? 'now' : null });
    }
    if (url.host === 'mail.example') {
      const status = options.email ?? 200;
      return status === 200 ? json({ id: 'mail-1' }) : json({ statusCode: status, message: 'Boom' }, status);
    }
    return json({ message: 'unexpected' }, 500);
  };
  const env = options.env ?? ENV;
  return { handler: createNotifyHandler({ env: (name) => env[name], fetch: fetcher }), calls, finished };
}

const post = (body: unknown, key = 'service.role.key') =>
  new Request('http://functions.example/notify', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

Deno.test('only a service key may call it, with a delivery id or nothing', async () => {
  const { handler, calls } = fake({ claims: [] });
  assertEquals((await handler(post({}, 'anon.role.key'))).status, 401);
  assertEquals((await handler(post({ id: 'nope' }))).status, 400);
  assertEquals((await handler(new Request('http://functions.example/notify'))).status, 405);
  assertEquals(calls.length, 0);
  const notDue = await handler(post({ id: DELIVERY }));
  assertEquals(await notDue.json(), { results: [{ id: DELIVERY, status: 'not_due' }] });
});

Deno.test(
  '{} sends every due delivery: Arabic e-mail with the link, idempotency key, provider id recorded',
  async () => {
    const { handler, calls, finished } = fake({ claims: [claim()], due: [DELIVERY] });
    const { results } = await (await handler(post({}))).json();
    assertEquals(results, [{ id: DELIVERY, status: 'sent' }]);
    const sent = calls.find((c) => c.url === 'mail.example/emails')!;
    assertEquals(sent.headers.get('Authorization'), 'Bearer re_key');
    assertEquals(sent.headers.get('Idempotency-Key'), `notification-${DELIVERY}`);
    assertEquals(sent.body!.to, ['faisal@example.com']);
    assertEquals(sent.body!.tags, [{ name: 'kind', value: 'notification_task_assigned' }]);
    assertEquals(sent.body!.subject, 'مهمة جديدة لك: Fix the AC – إقامات تجريبية');
    const text = sent.body!.text as string;
    assert(text.startsWith('مرحبًا Faisal،'), text);
    assert(text.includes('الوحدة: فيلا النخيل'), text);
    assert(text.includes('https://app.example/dashboard/tasks?task=t1'), text);
    assert((sent.body!.html as string).includes('dir="rtl"'));
    assertEquals(finished, [{ delivery_id: DELIVERY, provider_id: 'mail-1', error: null, give_up: false }]);
  },
);

Deno.test('a provider failure keeps the reason and is retried; an inactive recipient is given up unsent', async () => {
  const failing = fake({
    claims: [claim({ recipient: { name: 'Faisal', language: 'en', status: 'active' } })],
    email: 500,
  });
  const { results } = await (await failing.handler(post({ id: DELIVERY }))).json();
  assertEquals(results[0].status, 'retrying');
  assert(String(failing.finished[0]!.error).includes('E-mail provider 500: Boom'));
  assertEquals(failing.finished[0]!.give_up, false);

  const inactive = fake({ claims: [claim({ recipient: { name: 'Faisal', language: 'en', status: 'inactive' } })] });
  const answer = await (await inactive.handler(post({ id: DELIVERY }))).json();
  assertEquals(answer.results[0].status, 'failed');
  assertEquals(inactive.calls.filter((c) => c.url === 'mail.example/emails').length, 0);
  assertEquals(inactive.finished[0]!.give_up, true);
});

Deno.test('without e-mail settings the delivery fails with that reason (retried later)', async () => {
  const env = { ...ENV, EMAIL_API_KEY: '' };
  const { handler, finished } = fake({
    claims: [claim()],
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v)),
  });
  await handler(post({ id: DELIVERY }));
  assert(String(finished[0]!.error).includes('E-mail is not configured'));
});
