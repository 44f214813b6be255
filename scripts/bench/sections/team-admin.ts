/**
 * Issue 14's lists on the demo data ×10: the header's notifications (a member with 10,000 of them,
 * 100 unread: the unread count every minute and the newest twenty) as the demo owner through the
 * Data API, RLS on; and the super administrator's organisations list (2,000 organisations besides
 * the demo ones: page 1 newest first, sorted by bookings of the last 30 days, and a search),
 * whose counts are per organisation.
 */
import { measure, ok, type BenchRow, type BenchSection } from '../harness';
import { DEMO_ORG_ID, DEMO_OWNER_ID, demoOwnerToken, seedScale } from '../scale-seed';

const NOTIFICATIONS = 10_000;
const UNREAD = 100;
const ORGANIZATIONS = 2_000;
const SUPER_ADMIN_ID = '10000000-0000-4000-8000-000000000000';

export const section: BenchSection = {
  name: 'team-admin',
  order: 70,
  async run(ctx) {
    const rows: BenchRow[] = [];
    await seedScale(ctx.stack);
    const started = performance.now();
    await ctx.stack.db.exec(`
      insert into public.notifications (organization_id, user_id, event, params, link, dedupe_key, created_at, read_at)
      select '${DEMO_ORG_ID}', '${DEMO_OWNER_ID}', 'task_assigned', jsonb_build_object('title', 'Bench task ' || i),
             '/dashboard/tasks', 'bench:' || i, now() - make_interval(mins => i),
             case when i > ${UNREAD} then now() end
      from generate_series(1, ${NOTIFICATIONS}) i
      on conflict do nothing;
      insert into public.organizations (name, slug, created_at)
      select 'Bench Stays ' || i, 'bench-stays-' || i, now() - make_interval(hours => i)
      from generate_series(1, ${ORGANIZATIONS}) i
      on conflict do nothing;
      analyze public.notifications;
      analyze public.organizations;
    `);
    rows.push({
      section: 'team-admin',
      name: `${NOTIFICATIONS.toLocaleString('en')} notifications and ${ORGANIZATIONS.toLocaleString('en')} organisations added`,
      value: performance.now() - started,
      unit: 'ms',
    });
    await ctx.stack.reloadSchema();
    const n = ctx.iterations;

    const owner = ctx.client({ accessToken: await demoOwnerToken(ctx.stack) });
    const unread = await measure(async () => {
      const { count } = ok(
        await owner.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
      );
      if (count !== UNREAD) throw new Error(`expected ${UNREAD} unread, got ${count}`);
    }, n);
    rows.push({ section: 'team-admin', name: 'header: unread notifications count (REST)', ...unread });
    const newest = await measure(async () => {
      const { data } = ok(
        await owner
          .from('notifications')
          .select('id, event, params, link, created_at, read_at')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(20),
      );
      if (data?.length !== 20) throw new Error('expected the newest 20 notifications');
    }, n);
    rows.push({ section: 'team-admin', name: 'header: newest 20 notifications (REST)', ...newest });

    const admin = ctx.client({
      accessToken: await ctx.stack.userToken({ sub: SUPER_ADMIN_ID, app_metadata: { role: 'super_admin' } }),
    });
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['organisations page 1, newest first', { page_limit: 25 }, ORGANIZATIONS],
      ['organisations by bookings of the last 30 days', { sort: 'bookings_30d', page_limit: 25 }, ORGANIZATIONS],
      ['organisations search "stays 1999"', { search: 'stays 1999' }, 1],
    ];
    for (const [name, args, min] of cases) {
      const result = await measure(async () => {
        const { data } = ok(await admin.rpc('admin_organizations', args));
        const page = data as { total: number; rows: unknown[] };
        if (page.total < min || page.rows.length === 0) throw new Error(`${name}: expected at least ${min} rows`);
      }, n);
      rows.push({ section: 'team-admin', name: `super admin: ${name} (REST)`, ...result });
    }
    return rows;
  },
};
