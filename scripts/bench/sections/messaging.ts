/**
 * Inbox (issue 16) on the demo data ×10 plus a busy message history: 3,000 guests with ten
 * messages each (WhatsApp and SMS, in and out, the last reply unread for a fifth of them) and 300
 * unknown senders — 30,300 messages. inbox_conversations pages, filters and searches against
 * DESIGN §4's list budget (p95 ≤ 100 ms), and mark_conversation_seen.
 */
import type { BenchSection } from '../harness';
import { DEMO_ORG_ID } from '../scale-seed';
import { prepare, runCases, type ListCase } from '../bookings-clients-bench';

const LIST_BUDGET_MS = 100;
const verdict = (p95: number) =>
  `budget p95 ≤ ${LIST_BUDGET_MS} ms: ${p95 <= LIST_BUDGET_MS ? 'within' : `OVER by ${(p95 - LIST_BUDGET_MS).toFixed(0)} ms`}`;

const CONVERSATIONS = 3_000;
const PER_CONVERSATION = 10;
const UNKNOWN_SENDERS = 300;

const HISTORY = `
do $$
begin
  if exists (select 1 from public.messages where provider_message_id like 'bench-msg-%' limit 1) then
    return;
  end if;
  insert into public.messages (organization_id, client_id, channel, direction, to_address, from_address, body, status,
                               provider_message_id, sent_at, created_at, seen_at)
  select '${DEMO_ORG_ID}', c.id, case when k % 3 = 0 then 'sms' else 'whatsapp' end::public.message_channel,
         case when k % 2 = 0 then 'inbound' else 'outbound' end::public.message_direction,
         case when k % 2 = 0 then 'Nuzl' else c.phone end, case when k % 2 = 0 then c.phone else 'Nuzl' end,
         'Bench message ' || k || ' for ' || c.name, 'delivered', 'bench-msg-' || c.n || '-' || k,
         now() - make_interval(mins => (c.n * 7 + (${PER_CONVERSATION} - k) * 3)::int),
         now() - make_interval(mins => (c.n * 7 + (${PER_CONVERSATION} - k) * 3)::int),
         case when k % 2 = 0 and not (c.n % 5 = 0 and k = ${PER_CONVERSATION}) then now() end
    from (select cl.id, cl.phone, cl.name, row_number() over (order by cl.id) as n
            from public.clients cl where cl.organization_id = '${DEMO_ORG_ID}' limit ${CONVERSATIONS}) c
   cross join generate_series(1, ${PER_CONVERSATION}) k;
  insert into public.messages (organization_id, channel, direction, to_address, from_address, body, status,
                               provider_message_id, sent_at, created_at)
  select '${DEMO_ORG_ID}', 'whatsapp', 'inbound', '+966 11 000 0001', '+9665990' || lpad(g::text, 5, '0'),
         'Is the chalet free next weekend?', 'delivered', 'bench-msg-unknown-' || g,
         now() - make_interval(mins => (g * 11)::int), now() - make_interval(mins => (g * 11)::int)
    from generate_series(1, ${UNKNOWN_SENDERS}) g;
end $$;
analyze public.messages;
`;

function expectConversations(min: number) {
  return (data: unknown) => {
    const rows = (Array.isArray(data) ? data : [data]) as Array<{ conversation_key?: string } | null>;
    if (rows.length < min || (min > 0 && !rows[0]?.conversation_key))
      throw new Error(`expected at least ${min} conversations, got ${JSON.stringify(data).slice(0, 200)}`);
  };
}

const cases: ListCase[] = [
  {
    name: 'inbox page 1 (30 conversations)',
    rpc: 'inbox_conversations',
    args: { page_size: 30 },
    expect: expectConversations(1),
  },
  {
    name: 'inbox page further back (before 2 days ago)',
    rpc: 'inbox_conversations',
    args: { page_size: 30, before: new Date(Date.now() - 2 * 86_400_000).toISOString() },
    expect: expectConversations(1),
  },
  {
    name: 'inbox unread only',
    rpc: 'inbox_conversations',
    args: { unread_only: true, page_size: 30 },
    expect: expectConversations(1),
  },
  {
    name: 'inbox WhatsApp only',
    rpc: 'inbox_conversations',
    args: { channel: 'whatsapp', page_size: 30 },
    expect: expectConversations(1),
  },
  {
    name: 'inbox search a guest name',
    rpc: 'inbox_conversations',
    args: { search: 'bench guest 12', page_size: 30 },
    expect: expectConversations(0),
  },
];

export const section: BenchSection = {
  name: 'messaging',
  order: 75,
  async run(ctx) {
    const { owner, rows } = await prepare(ctx, 'messaging');
    const started = performance.now();
    await ctx.stack.db.exec(HISTORY);
    const { rows: counted } = await ctx.stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.messages where organization_id = $1',
      [DEMO_ORG_ID],
    );
    rows.push({
      section: 'messaging',
      name: `message history ready (${counted[0]!.n} messages)`,
      value: performance.now() - started,
      unit: 'ms',
    });
    // Each REST row says where it stands against DESIGN §4's list budget.
    const measured = (await runCases(ctx, 'messaging', owner, cases)).map((row) =>
      row.name.endsWith('(REST)') && row.p95 !== undefined ? { ...row, note: verdict(row.p95) } : row,
    );
    return [...rows, ...measured];
  },
};
