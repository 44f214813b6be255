/**
 * The local pg_cron / pg_net / Vault stand-ins (docs/local-stack.md, "Background jobs"): the SQL
 * surface a migration uses, the cron runner (ticked by hand), the net worker (sends committed
 * requests only, records answers, timeouts and failures), the [db.vault] secrets, and Supabase's
 * documented pattern (cron → net.http_post with the project URL and key from Vault → an edge
 * function) end to end. Runs on PGlite and on the PostgreSQL lane.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../tests/helpers/test-stack';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let stack: TestStack;
let target: Server;
let targetUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  stack = await createTestStack();
  target = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('late'), 1_500);
      res.writeHead(req.url?.startsWith('/teapot') ? 418 : 200, {
        'content-type': 'application/json',
        'x-answer': '42',
      });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => target?.close(resolve));
});

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
  stack.db.query<T>(text, params).then((r) => r.rows);

describe('cron: the pg_cron SQL surface', () => {
  it('schedules named and unnamed jobs, updates a named one in place, and unschedules by id or name', async () => {
    const [{ id: a }] = await sql<{ id: string }>(`select cron.schedule('t-a', '*/5 * * * *', 'select 1') as id`);
    const [{ id: again }] = await sql<{ id: string }>(`select cron.schedule('t-a', '0 3 * * *', 'select 2') as id`);
    expect(again).toBe(a);
    const [job] = await sql(`select schedule, command, username, active from cron.job where jobid = $1`, [a]);
    expect(job).toEqual({ schedule: '0 3 * * *', command: 'select 2', username: 'postgres', active: true });
    const [{ id: unnamed }] = await sql<{ id: string }>(`select cron.schedule('30 seconds', 'select 3') as id`);
    expect(await sql(`select cron.unschedule($1::bigint) as ok`, [unnamed])).toEqual([{ ok: true }]);
    expect(await sql(`select cron.unschedule('t-a') as ok`)).toEqual([{ ok: true }]);
    await expect(sql(`select cron.unschedule('t-a')`)).rejects.toThrow(/could not find valid entry for job 't-a'/);
  });

  it('refuses what pg_cron refuses', async () => {
    for (const bad of [
      '* * * *',
      '61 * * * *',
      '* 24 * * *',
      '0 0 0 * *',
      '* * * 13 *',
      '* * * * 8',
      '5-1 * * * *',
      '*/0 * * * *',
      '0 0 * * funday',
      '@daily',
      '60 seconds',
      '0 seconds',
      'every minute',
    ]) {
      await expect(sql(`select cron.schedule('bad', $1, 'select 1')`, [bad]), bad).rejects.toThrow(
        `invalid schedule: ${bad}`,
      );
    }
    for (const good of [
      '* * * * *',
      '0 12 $ * *',
      '15 3 * jan,jun mon-fri',
      '10-20/5 */2 1,15 * 0',
      '59 seconds',
      '0 0 * * 7',
    ]) {
      await sql(`select cron.schedule('good', $1, 'select 1')`, [good]);
    }
    await sql(`select cron.unschedule('good')`);
  });

  it('is reachable by postgres only, not by the API roles', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [row] = await sql<{ cron: boolean; vault: boolean; net: boolean; secrets: boolean; queue: boolean }>(
        `select has_schema_privilege($1, 'cron', 'usage') as cron, has_schema_privilege($1, 'vault', 'usage') as vault,
                has_schema_privilege($1, 'net', 'usage') as net,
                has_function_privilege($1, 'vault.create_secret(text, text, text, uuid)', 'execute') as secrets,
                has_function_privilege($1, 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as queue`,
        [role],
      );
      // As on hosted (grant_pg_net_access): the API roles may queue requests, nothing else.
      expect(row, role).toEqual({ cron: false, vault: false, net: true, secrets: false, queue: true });
    }
  });
});

describe('cron: the runner', () => {
  it('runs the jobs due in the ticked minute as their user and records each run', async () => {
    await sql(`create table public.cron_probe (job text, who text, at timestamptz default now())`);
    await sql(
      `select cron.schedule('probe-every', '* * * * *', $$insert into public.cron_probe (job, who) values ('every', current_user)$$)`,
    );
    await sql(
      `select cron.schedule('probe-noon', '0 12 * * *', $$insert into public.cron_probe (job, who) values ('noon', current_user)$$)`,
    );
    await sql(`select cron.schedule('probe-fails', '* * * * *', $$select 1/0$$)`);
    await sql(
      `select cron.schedule('probe-as-anon', '* * * * *', $$insert into public.cron_probe (job, who) values ('anon', current_user)$$)`,
    );
    await sql(`select cron.schedule('probe-off', '* * * * *', $$insert into public.cron_probe (job) values ('off')$$)`);
    await sql(`update cron.job set username = 'anon' where jobname = 'probe-as-anon'`);
    await sql(`select cron.alter_job(jobid, active := false) from cron.job where jobname = 'probe-off'`);

    // (The migrations' own jobs run too; only the probes are looked at.)
    const runs = (await stack.jobs.cron.tick(new Date('2026-03-01T10:17:00Z'))).filter((r) =>
      r.jobname?.startsWith('probe-'),
    );
    expect(runs.map((r) => [r.jobname, r.status]).sort()).toEqual([
      ['probe-as-anon', 'failed'], // anon may not write public.cron_probe
      ['probe-every', 'succeeded'],
      ['probe-fails', 'failed'],
    ]);
    expect(await sql(`select job, who from public.cron_probe order by job`)).toEqual([
      { job: 'every', who: 'postgres' },
    ]);
    const details = await sql<{ jobname: string; status: string; return_message: string | null; username: string }>(
      `select j.jobname, d.status, d.return_message, d.username from cron.job_run_details d join cron.job j using (jobid)
       where j.jobname like 'probe-%' order by j.jobname`,
    );
    expect(details).toEqual([
      {
        jobname: 'probe-as-anon',
        status: 'failed',
        return_message: expect.stringMatching(/permission denied/),
        username: 'anon',
      },
      { jobname: 'probe-every', status: 'succeeded', return_message: null, username: 'postgres' },
      { jobname: 'probe-fails', status: 'failed', return_message: 'division by zero', username: 'postgres' },
    ]);
    const [{ ok }] = await sql<{ ok: boolean }>(
      `select bool_and(start_time is not null and end_time >= start_time and job_pid is not null) as ok from cron.job_run_details`,
    );
    expect(ok).toBe(true);

    await stack.jobs.cron.tick(new Date('2026-03-01T12:00:00Z'));
    expect(await sql(`select job from public.cron_probe order by job`)).toEqual([
      { job: 'every' },
      { job: 'every' },
      { job: 'noon' },
    ]);
    // unschedule() only sees the caller's own jobs (probe-as-anon is anon's): clean up directly.
    await sql(`delete from cron.job where jobname like 'probe-%'`);
    await sql(`drop table public.cron_probe`);
  });

  it('runs `N seconds` jobs on the seconds they are due', async () => {
    await sql(`create table public.cron_seconds (n int)`);
    await sql(`select cron.schedule('probe-seconds', '20 seconds', 'insert into public.cron_seconds values (1)')`);
    await stack.jobs.cron.tick(new Date('2026-03-01T10:17:40Z'));
    await stack.jobs.cron.tick(new Date('2026-03-01T10:17:41Z'));
    expect(await sql(`select count(*)::int as n from public.cron_seconds`)).toEqual([{ n: 1 }]);
    await sql(`select cron.unschedule('probe-seconds')`);
    await sql(`drop table public.cron_seconds`);
  });
});

describe('cron: the /_local/cron tool', () => {
  it('lists the jobs and runs a named one now, whatever its schedule; unknown or inactive names are 404', async () => {
    await sql(`create table public.cron_now (n int)`);
    await sql(`select cron.schedule('probe-yearly', '0 0 1 1 *', 'insert into public.cron_now values (1)')`);
    await sql(`select cron.schedule('probe-paused', '* * * * *', 'insert into public.cron_now values (2)')`);
    await sql(`select cron.alter_job(jobid, active := false) from cron.job where jobname = 'probe-paused'`);

    const listed = (await (await fetch(`${stack.apiUrl}/_local/cron`)).json()) as { jobs: { jobname: string }[] };
    expect(listed.jobs.map((j) => j.jobname)).toEqual(expect.arrayContaining(['probe-yearly', 'probe-paused']));

    const run = await fetch(`${stack.apiUrl}/_local/cron/run/probe-yearly`, { method: 'POST' });
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ jobname: 'probe-yearly', status: 'succeeded' });
    expect(await sql(`select n from public.cron_now`)).toEqual([{ n: 1 }]);

    expect((await fetch(`${stack.apiUrl}/_local/cron/run/probe-paused`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${stack.apiUrl}/_local/cron/run/no-such-job`, { method: 'POST' })).status).toBe(404);
    // A developer tool: not for another origin's page.
    const foreign = await fetch(`${stack.apiUrl}/_local/cron/run/probe-yearly`, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await sql(`select count(*)::int as n from public.cron_now`)).toEqual([{ n: 1 }]);

    await sql(`delete from cron.job where jobname like 'probe-%'`);
    await sql(`drop table public.cron_now`);
  });
});

describe('net: the pg_net worker', () => {
  it('sends a request only once its transaction commits, with its headers, query and JSON body', async () => {
    received.length = 0;
    let id = 0;
    await stack.db.transaction(async (tx) => {
      const r = await tx.query<{ id: string }>(
        `select net.http_post($1, '{"text": "مرحبا", "n": 1}'::jsonb, '{"q": "a b&c"}'::jsonb,
                              '{"Content-Type": "application/json", "X-Probe": "yes"}'::jsonb) as id`,
        [`${targetUrl}/hook`],
      );
      id = Number(r.rows[0]!.id);
      // The worker polls every 200 ms: give it the chance to send too early.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received).toEqual([]);
    });
    const responses = await stack.jobs.net.settle();
    expect(responses.find((r) => r.id === id)).toMatchObject({ status_code: 200, error_msg: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/hook?q=a%20b%26c' });
    expect(received[0]!.headers['x-probe']).toBe('yes');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]!.body)).toEqual({ text: 'مرحبا', n: 1 });
    const [stored] = await sql(
      `select status_code, content_type, headers->>'x-answer' as answer, content, timed_out, error_msg
                                from net._http_response where id = $1`,
      [id],
    );
    expect(stored).toEqual({
      status_code: 200,
      content_type: 'application/json',
      answer: '42',
      content: JSON.stringify({ ok: true, path: '/hook?q=a%20b%26c' }),
      timed_out: false,
      error_msg: null,
    });
    expect(await sql(`select * from net.http_request_queue`)).toEqual([]);
  });

  it('never sends a request whose transaction rolled back', async () => {
    received.length = 0;
    await expect(
      stack.db.transaction(async (tx) => {
        await tx.query(`select net.http_get($1)`, [`${targetUrl}/rolled-back`]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await stack.jobs.net.settle();
    expect(received).toEqual([]);
  });

  it('records answers of any status, timeouts and connection failures as pg_net does', async () => {
    const [{ teapot, slow, refused, deleted }] = await sql<Record<string, string>>(
      `select net.http_get($1 || '/teapot') as teapot,
              net.http_get($1 || '/slow', timeout_milliseconds := 300) as slow,
              net.http_post('http://127.0.0.1:1/nothing-listens') as refused,
              net.http_delete($1 || '/thing', '{"id": "7"}'::jsonb) as deleted`,
      [targetUrl],
    );
    await stack.jobs.net.settle();
    const rows = await sql<{ id: string; status_code: number | null; timed_out: boolean; error_msg: string | null }>(
      `select id, status_code, timed_out, error_msg from net._http_response where id = any ($1::bigint[]) order by id`,
      [[teapot, slow, refused, deleted]],
    );
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    expect(byId.get(String(teapot))).toMatchObject({ status_code: 418, timed_out: false, error_msg: null });
    expect(byId.get(String(slow))).toMatchObject({
      status_code: null,
      timed_out: true,
      error_msg: expect.stringMatching(/^Timeout of 300 ms reached/),
    });
    expect(byId.get(String(refused))).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: expect.stringMatching(/^Couldn't connect to server/),
    });
    expect(byId.get(String(deleted))).toMatchObject({ status_code: 200 });
    expect(received.some((r) => r.method === 'DELETE' && r.url === '/thing?id=7')).toBe(true);
  });

  it('refuses a non-JSON Content-Type on http_post, like pg_net', async () => {
    await expect(
      sql(
        `select net.http_post('http://127.0.0.1:1/', '{}'::jsonb, headers := '{"Content-Type": "text/plain"}'::jsonb)`,
      ),
    ).rejects.toThrow('Content-Type header must be "application/json"');
  });
});

describe('vault', () => {
  it('holds the [db.vault] secrets of config.toml, encrypted, in clear only through decrypted_secrets', async () => {
    const rows = await sql<{ name: string; secret: string; decrypted_secret: string }>(
      `select name, secret, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`,
    );
    expect(rows.map((r) => [r.name, r.decrypted_secret])).toEqual([
      ['project_url', stack.apiUrl],
      ['service_role_key', stack.serviceRoleKey],
    ]);
    for (const row of rows) expect(row.secret).not.toContain(row.decrypted_secret);
    expect(stack.jobs.vaultSecrets.sort()).toEqual(['project_url', 'service_role_key']);
  });

  it('creates and updates secrets through its functions', async () => {
    const [{ id }] = await sql<{ id: string }>(`select vault.create_secret('first', 'probe_secret', 'a probe') as id`);
    await sql(`select vault.update_secret($1, 'second')`, [id]);
    expect(
      await sql(`select name, description, decrypted_secret from vault.decrypted_secrets where id = $1`, [id]),
    ).toEqual([{ name: 'probe_secret', description: 'a probe', decrypted_secret: 'second' }]);
    await expect(sql(`select vault.create_secret('again', 'probe_secret')`)).rejects.toThrow(/duplicate key/);
    await sql(`delete from vault.secrets where id = $1`, [id]);
  });

  it('is out of reach of every API key and role through the Data API', async () => {
    const user = await stack.userToken();
    for (const client of [stack.client('anon'), stack.client('service_role'), stack.client({ accessToken: user })]) {
      for (const [schema, table] of [
        ['vault', 'decrypted_secrets'],
        ['vault', 'secrets'],
        ['net', 'http_request_queue'],
        ['net', '_http_response'],
        ['cron', 'job'],
      ] as const) {
        const { data, error } = await client.schema(schema).from(table).select('*');
        expect(data, `${schema}.${table}`).toBeNull();
        expect(error?.code, `${schema}.${table}`).toBe('PGRST106');
      }
    }
  });
});

describe("Supabase's documented pattern: pg_cron → pg_net → an edge function, URL and key from Vault", () => {
  it('calls the function on schedule and keeps its answer', async () => {
    await sql(`select cron.schedule('probe-health', '* * * * *', $$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/health',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := jsonb_build_object('time', now()),
        timeout_milliseconds := 30000
      ) as request_id
    $$)`);
    const runs = await stack.jobs.cron.tick(new Date());
    expect(runs.find((r) => r.jobname === 'probe-health')).toMatchObject({ status: 'succeeded' });
    const responses = await stack.jobs.net.settle(60_000);
    const health = responses.find((r) => r.url === `${stack.apiUrl}/functions/v1/health`);
    expect(health).toMatchObject({ status_code: 200, error_msg: null });
    expect(JSON.parse(health!.content!)).toMatchObject({ status: 'ok' });
    await sql(`select cron.unschedule('probe-health')`);
  });
});
