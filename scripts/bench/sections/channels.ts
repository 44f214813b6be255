/**
 * The channel manager's iCal paths (issue 15) end to end, through the ical edge function on the
 * demo data ×10, as the demo owner:
 *   * import — "Sync now" (POST /functions/v1/ical/connections/<id>/sync) of an Airbnb feed of 500
 *     events served by the stack's OTA feed sandbox, on a unit with no other stays: the first sync
 *     creates 500 blocking bookings, the second finds all 500 unchanged, the third finds 50 moved
 *     and 50 gone. Each round starts from an empty unit; p50/p95 over the rounds.
 *   * export — GET /functions/v1/ical/<token>.ics of a unit with 300 stays (no sign-in, as the
 *     platforms fetch it).
 * Budgets: an export is a list query a platform polls every few minutes for every listing, so the
 * list-query budget (DESIGN §4: p95 ≤ 100 ms); an import of 500 events — far more than a real
 * listing's year ahead (Airbnb's feed holds ~12 months, typically a few dozen events) — within 2 s,
 * a "Sync now" a host waits for without a second thought. The sandbox answers at once, so these
 * are our own costs (parse, one apply_ical_sync transaction), not the platform's latency.
 */
import { percentile, measure, ok, type BenchRow, type BenchSection } from '../harness';
import { DEMO_ORG_ID, demoOwnerToken, seedScale } from '../scale-seed';

const EVENTS = 500;
const EXPORT_STAYS = 300;
const IMPORT_BUDGET_MS = 2000;
const EXPORT_BUDGET_MS = 100;
const LISTING = 'bench-500';

const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** 500 Airbnb stays of 2 nights with a free night between, from a month ahead. */
function feed(round: 'first' | 'changed') {
  const start = addDays(new Date().toISOString().slice(0, 10), 30);
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    uid: `bench-${i}@airbnb.com`,
    start: addDays(start, i * 3),
    end: addDays(start, i * 3 + 2),
    kind: 'reserved' as const,
  }));
  if (round === 'first') return events;
  // 50 moved a day later (into their free night), 50 gone.
  return events
    .filter((_, i) => i % 10 !== 9)
    .map((e, i) => (i % 9 === 0 ? { ...e, start: addDays(e.start, 1), end: addDays(e.end, 1) } : e));
}

/** A unit of the demo organisation with no stays (inserted as the seed does, past the plan limit). */
async function emptyUnit(ctx: Parameters<BenchSection['run']>[0], name: string): Promise<string> {
  const { rows } = await ctx.stack.db.query<{ id: string }>(
    `select id from public.units where organization_id = $1 and name = $2`,
    [DEMO_ORG_ID, name],
  );
  if (rows[0]) return rows[0].id;
  await ctx.stack.db.exec(`begin; set local session_replication_role = replica;
    insert into public.units (organization_id, name, type, price_per_night, max_guests, is_active)
    values ('${DEMO_ORG_ID}', '${name}', 'apartment', 400, 4, true);
    commit;`);
  return emptyUnit(ctx, name);
}

/** The unit's connection to `platform` (made on first use), by the service role. */
async function connectionOf(
  ctx: Parameters<BenchSection['run']>[0],
  values: { unit_id: string; platform: string; connection_name: string; ical_import_url?: string },
): Promise<string> {
  const svc = ctx.client('service_role');
  const { data: found } = ok(
    await svc
      .from('ota_connections')
      .select('id')
      .eq('unit_id', values.unit_id)
      .eq('platform', values.platform)
      .maybeSingle(),
  );
  if (found) return (found as { id: string }).id;
  const { data: made } = ok(
    await svc
      .from('ota_connections')
      .insert({ organization_id: DEMO_ORG_ID, ...values })
      .select('id')
      .single(),
  );
  return (made as { id: string }).id;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

const verdict = (p95: number, budget: number) =>
  `budget p95 ≤ ${budget} ms: ${p95 <= budget ? 'within' : `OVER by ${(p95 - budget).toFixed(0)} ms`}`;

export const section: BenchSection = {
  name: 'channels',
  order: 80,
  async run(ctx) {
    const rows: BenchRow[] = [];
    await seedScale(ctx.stack);
    await ctx.stack.reloadSchema();
    const token = await demoOwnerToken(ctx.stack);
    const svc = ctx.client('service_role');
    const sandbox = ctx.stack.stack.ota;

    // Import: a connection of its own unit, fed by the sandbox.
    const importUnit = await emptyUnit(ctx, 'Bench channel import unit');
    const connectionId = await connectionOf(ctx, {
      unit_id: importUnit,
      platform: 'airbnb',
      connection_name: 'Bench Airbnb feed',
      ical_import_url: `${ctx.stack.apiUrl}/_sandbox/ota/feeds/airbnb/${LISTING}.ics`,
    });
    const syncNow = async (expected: Record<string, number>) => {
      const t = performance.now();
      const response = await fetch(`${ctx.stack.apiUrl}/functions/v1/ical/connections/${connectionId}/sync`, {
        method: 'POST',
        headers: { apikey: ctx.stack.anonKey, authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as Record<string, unknown>;
      const elapsed = performance.now() - t;
      for (const [key, value] of Object.entries(expected)) {
        if (body[key] !== value) throw new Error(`sync: expected ${key} ${value}, got ${JSON.stringify(body)}`);
      }
      return elapsed;
    };
    // Each round is a connection's true first sync: nothing imported, never synced (a first sync
    // is a backfill that notifies nobody per stay — 20261129400000).
    const clearUnit = () =>
      ctx.stack.db.exec(`delete from public.ota_imported_events where connection_id = '${connectionId}';
        delete from public.bookings where unit_id = '${importUnit}';
        update public.ota_connections set last_synced_at = null where id = '${connectionId}';`);

    const rounds = Math.max(3, Math.min(7, Math.round(ctx.iterations / 15)));
    const phases = { created: [] as number[], unchanged: [] as number[], changed: [] as number[] };
    for (let round = 0; round <= rounds; round++) {
      await clearUnit();
      sandbox.setEvents('airbnb', LISTING, feed('first'));
      const created = await syncNow({ created: EVENTS, updated: 0, cancelled: 0, conflicts: 0 });
      const unchanged = await syncNow({ created: 0, updated: 0, cancelled: 0, conflicts: 0 });
      sandbox.setEvents('airbnb', LISTING, feed('changed'));
      const changed = await syncNow({ created: 0, updated: 50, cancelled: 50, conflicts: 0 });
      if (round === 0) continue; // warm-up
      phases.created.push(created);
      phases.unchanged.push(unchanged);
      phases.changed.push(changed);
    }
    const importRows: [string, number[]][] = [
      [`import ${EVENTS} events, first sync (${EVENTS} created)`, phases.created],
      [`import ${EVENTS} events, again (${EVENTS} unchanged)`, phases.unchanged],
      [`import ${EVENTS} events, 50 moved + 50 gone`, phases.changed],
    ];
    for (const [name, samples] of importRows) {
      const { p50, p95 } = summary(samples);
      rows.push({
        section: 'channels',
        name: `${name}, ${samples.length} rounds`,
        p50,
        p95,
        note: verdict(p95, IMPORT_BUDGET_MS),
      });
    }

    // The same three applies in SQL only (apply_ical_sync through db.query, no HTTP, fetch or
    // parse): how much of the path is the database's.
    const asEvents = (events: ReturnType<typeof feed>) =>
      JSON.stringify(events.map((e) => ({ uid: e.uid, check_in: e.start, check_out: e.end, summary: 'Reserved' })));
    const applySql = async (events: string) => {
      const begun = await ctx.stack.db.query<{ lease: { run_id: string } }>(
        `select public.begin_ical_sync($1, 'manual') as lease`,
        [connectionId],
      );
      const t = performance.now();
      await ctx.stack.db.query('select public.apply_ical_sync($1, $2::jsonb)', [begun.rows[0]!.lease.run_id, events]);
      return performance.now() - t;
    };
    const sqlPhases = { created: [] as number[], unchanged: [] as number[], changed: [] as number[] };
    for (let round = 0; round <= rounds; round++) {
      await clearUnit();
      const created = await applySql(asEvents(feed('first')));
      const unchanged = await applySql(asEvents(feed('first')));
      const changed = await applySql(asEvents(feed('changed')));
      if (round === 0) continue;
      sqlPhases.created.push(created);
      sqlPhases.unchanged.push(unchanged);
      sqlPhases.changed.push(changed);
    }
    for (const [name, samples] of [
      ['apply_ical_sync() in SQL only, 500 created', sqlPhases.created],
      ['apply_ical_sync() in SQL only, 500 unchanged', sqlPhases.unchanged],
      ['apply_ical_sync() in SQL only, 50 moved + 50 gone', sqlPhases.changed],
    ] as const) {
      rows.push({ section: 'channels', name: `${name}, ${samples.length} rounds`, ...summary(samples) });
    }
    await clearUnit();

    // Export: a unit with 300 stays (2 nights, a free night between) and its feed's token.
    const exportUnit = await emptyUnit(ctx, 'Bench channel export unit');
    await ctx.stack.db.exec(`begin; set local session_replication_role = replica;
      delete from public.bookings where unit_id = '${exportUnit}';
      insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, status, source, guests_count,
                                   price_per_night, cleaning_fee, total_amount, booking_reference)
      select '${DEMO_ORG_ID}', '${exportUnit}',
             (select id from public.clients where organization_id = '${DEMO_ORG_ID}' order by id limit 1),
             current_date + 3 * k, current_date + 3 * k + 2, 'confirmed', 'direct', 1, 400, 0, 800,
             'BX-' || lpad(k::text, 4, '0')
      from generate_series(0, ${EXPORT_STAYS - 1}) k;
      commit;
      analyze public.bookings;`);
    const exportId = await connectionOf(ctx, {
      unit_id: exportUnit,
      platform: 'booking_com',
      connection_name: 'Bench Booking.com export',
    });
    const { data: exporting } = ok(
      await svc.from('ota_connections').select('ical_export_token').eq('id', exportId).single(),
    );
    const exportUrl = `${ctx.stack.apiUrl}/functions/v1/ical/${(exporting as { ical_export_token: string }).ical_export_token}.ics`;
    const exported = await measure(async () => {
      const response = await fetch(exportUrl);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`export: ${response.status} ${text.slice(0, 200)}`);
      const events = text.split('BEGIN:VEVENT').length - 1;
      if (events !== EXPORT_STAYS) throw new Error(`export: ${events} events, expected ${EXPORT_STAYS}`);
    }, ctx.iterations);
    rows.push({
      section: 'channels',
      name: `export a unit with ${EXPORT_STAYS} stays (GET /functions/v1/ical/<token>.ics)`,
      p50: exported.p50,
      p95: exported.p95,
      note: verdict(exported.p95, EXPORT_BUDGET_MS),
    });
    const token300 = (exporting as { ical_export_token: string }).ical_export_token;
    const exportSql = await measure(
      () => ctx.stack.db.query(`select public.ical_export_feed($1, '127.0.0.1')`, [token300]),
      Math.min(ctx.iterations, 50),
    );
    rows.push({ section: 'channels', name: `ical_export_feed() in SQL only, ${EXPORT_STAYS} stays`, ...exportSql });
    // The function's one database call through the Data API: HTTP minus this is the function's
    // own share (the runner, serialising 300 events).
    const exportRpc = await measure(async () => {
      ok(await svc.rpc('ical_export_feed', { token: token300, client_address: '127.0.0.1' }));
    }, ctx.iterations);
    rows.push({
      section: 'channels',
      name: `ical_export_feed() through the Data API, ${EXPORT_STAYS} stays`,
      ...exportRpc,
    });
    // The local functions runner's own round trip (the ical function answering a CORS preflight,
    // no database): what every call costs here before its work. The runner fingerprints the
    // function's sources on every call (hot reload) and restarts the worker when they changed.
    const preflight = await measure(async () => {
      const response = await fetch(exportUrl, { method: 'OPTIONS' });
      await response.text();
      if (!response.ok) throw new Error(`preflight: ${response.status}`);
    }, ctx.iterations);
    rows.push({ section: 'channels', name: 'local functions runner round trip (OPTIONS, no work)', ...preflight });
    return rows;
  },
};
