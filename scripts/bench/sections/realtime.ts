/**
 * The local Realtime server (docs/local-stack.md, "Realtime"): how long an INSERT committed
 * through the Data API takes to reach a postgres_changes subscriber (capture trigger → NOTIFY →
 * an RLS read as the subscriber → websocket), for one subscriber and for ten distinct users
 * (one RLS read each).
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { measure, ok, type BenchRow, type BenchSection } from '../harness';

const FIXTURE = `
create table public.bench_realtime (id bigint primary key, owner uuid not null, note text not null);
alter table public.bench_realtime enable row level security;
create policy bench_realtime_select on public.bench_realtime for select to authenticated using (true);
grant select on public.bench_realtime to authenticated;
grant all on public.bench_realtime to service_role;
alter publication supabase_realtime add table public.bench_realtime;
`;

/** A subscriber; `next()` resolves with the time the next event arrives. */
async function subscribe(client: SupabaseClient) {
  let waiting: ((t: number) => void) | null = null;
  const channel: RealtimeChannel = client.channel(`bench:${randomUUID()}`);
  await new Promise<void>((resolve, reject) => {
    channel
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_realtime' }, () => {
        waiting?.(performance.now());
        waiting = null;
      })
      .on('system', {}, (p: { extension?: string; status?: string; message?: string }) => {
        if (p.extension !== 'postgres_changes') return;
        if (p.status === 'ok') resolve();
        else reject(new Error(p.message));
      })
      .subscribe();
  });
  return {
    next: () => new Promise<number>((resolve) => (waiting = resolve)),
    close: () => client.removeAllChannels(),
  };
}

export const section: BenchSection = {
  name: 'realtime',
  order: 90,
  async run(ctx) {
    const { stack } = ctx;
    await stack.db.exec(FIXTURE);
    await stack.reloadSchema();
    const writer = ctx.client('service_role');
    const newListener = async () => {
      const client = ctx.client();
      await client.realtime.setAuth(await stack.userToken());
      return subscribe(client);
    };
    let id = 0;
    const insert = async () =>
      ok(await writer.from('bench_realtime').insert({ id: ++id, owner: randomUUID(), note: 'bench' }));
    const listeners = [await newListener()];
    const rows: BenchRow[] = [];
    const round = () => measure(() => Promise.all([insert(), ...listeners.map((l) => l.next())]), ctx.iterations);
    try {
      rows.push({ section: 'realtime', name: 'INSERT via REST until 1 subscriber has the event', ...(await round()) });
      listeners.push(...(await Promise.all(Array.from({ length: 9 }, newListener))));
      rows.push({
        section: 'realtime',
        name: 'INSERT via REST until 10 subscribers (10 users: 10 RLS reads) have it',
        ...(await round()),
      });
      const rest = await measure(insert, ctx.iterations);
      rows.push({ section: 'realtime', name: '  for comparison: the INSERT via REST alone', ...rest });
    } finally {
      await Promise.all(listeners.map((l) => l.close()));
    }
    return rows;
  },
};
