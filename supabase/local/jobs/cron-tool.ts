/**
 * `/_local/cron` on the local stack's gateway (loopback only, like the outbox): the pg_cron jobs
 * with their schedule and last run, and `POST /_local/cron/run/<jobname>` to run one now. A
 * developer sees at once what the 5-minute guest-message schedule files, and a browser test need
 * not wait for the clock. Hosted Supabase has no such door: its jobs run on their schedule only.
 */
import type { Database } from '../types';
import type { CronRunner } from './cron-runner';

export const CRON_TOOL_PREFIX = '/_local/cron';

export function createCronTool(opts: { db: Database; cron: () => CronRunner | null }) {
  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const run = /^\/run\/([A-Za-z0-9_.-]{1,100})$/.exec(url.pathname);
    if (req.method === 'POST' && run) {
      const cron = opts.cron();
      if (!cron) return Response.json({ message: 'The background jobs have not started yet' }, { status: 503 });
      const result = await cron.runNow(run[1]!);
      if (!result) return Response.json({ message: `No active cron job named ${run[1]}` }, { status: 404 });
      return Response.json(result, { status: result.status === 'succeeded' ? 200 : 422 });
    }
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '')) {
      const jobs = await opts.db.query(
        `select j.jobname, j.schedule, j.active, r.status as last_status, r.start_time as last_run,
                r.return_message as last_message
           from cron.job j
           left join lateral (select status, start_time, return_message from cron.job_run_details d
                               where d.jobid = j.jobid order by d.runid desc limit 1) r on true
          order by j.jobname`,
      );
      return Response.json({ jobs: jobs.rows });
    }
    return Response.json(
      { message: 'GET /_local/cron lists the jobs; POST /_local/cron/run/<jobname> runs one now' },
      { status: 404 },
    );
  }
  return { handle };
}
