/**
 * pg_cron's background worker for the local stack (docs/local-stack.md, "Background jobs"): runs the
 * commands of `cron.job` when their schedule is due and records each run in `cron.job_run_details`,
 * as pg_cron does. Schedules are read by the baseline's own SQL (`cron._local_schedule_due`, the
 * same parser cron.schedule() validates with), in UTC like pg_cron's default `cron.timezone`.
 * A job runs in its own transaction as its `username` (postgres for migrations); one instance of a
 * job at a time (a run that comes due meanwhile waits for it, once). Missed minutes are not caught up.
 * Jobs run in the stack's own database whatever their `database` column names.
 */
import type { Database } from '../types';

export interface CronRun {
  jobid: number;
  jobname: string | null;
  runid: number;
  status: 'succeeded' | 'failed';
  return_message: string | null;
}

interface DueJob {
  jobid: number;
  jobname: string | null;
  command: string;
  username: string;
  database: string;
}

export interface CronRunner {
  /**
   * Runs every active job due at `at`: 5-field schedules due in its minute and `N seconds`
   * schedules due at its second. Resolves when they finished (tests tick by hand with it).
   */
  tick(at?: Date): Promise<CronRun[]>;
  /**
   * Runs the named active job now, whatever its schedule (the `/_local/cron` tool: a developer or a
   * browser test need not wait five minutes for a schedule). Null when no active job has the name.
   */
  runNow(jobname: string): Promise<CronRun | null>;
  /** Starts the clock: a tick at every new minute, and each second while `N seconds` jobs exist. */
  start(): void;
  /** Stops the clock and waits for runs in progress. */
  stop(): Promise<void>;
}

const SECONDS_SCHEDULE = /^\s*([0-9]+)\s+seconds?\s*$/i;

export function createCronRunner(opts: { db: Database; log?: (line: string) => void }): CronRunner {
  const { db } = opts;
  const log = opts.log ?? (() => {});
  const running = new Map<number, Promise<CronRun>>();
  /** Jobs that came due while their previous run was still going: run once more afterwards. */
  const pending = new Map<number, DueJob>();
  let secondsJobs: Array<DueJob & { every: number }> = [];
  let timer: NodeJS.Timeout | null = null;
  let lastMinute = -1;
  let stopped = false;

  async function runJob(job: DueJob): Promise<CronRun> {
    const started = await db.query<{ runid: string | number }>(
      `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
       values ($1, pg_backend_pid(), $2, $3, $4, 'running', now()) returning runid`,
      [job.jobid, job.database, job.username, job.command],
    );
    const runid = Number(started.rows[0]!.runid);
    let status: CronRun['status'] = 'succeeded';
    let message: string | null = null;
    try {
      await db.transaction(async (tx) => {
        const who = await tx.query<{ me: string; set_role: string }>(
          "select current_user::text as me, format('set local role %I', $1::text) as set_role",
          [job.username],
        );
        if (who.rows[0]!.me !== job.username) await tx.exec(who.rows[0]!.set_role);
        await tx.exec(job.command);
      });
    } catch (err) {
      status = 'failed';
      message = (err as Error).message;
      log(`cron job ${job.jobname ?? job.jobid} failed: ${message}`);
    }
    await db.query(
      'update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1',
      [runid, status, message],
    );
    return { jobid: job.jobid, jobname: job.jobname, runid, status, return_message: message };
  }

  /** Runs the job now, or once after its current run when one is in progress. */
  function launch(job: DueJob): Promise<CronRun> | null {
    const current = running.get(job.jobid);
    if (current) {
      pending.set(job.jobid, job);
      return null;
    }
    const run = runJob(job).finally(() => {
      running.delete(job.jobid);
      const next = pending.get(job.jobid);
      pending.delete(job.jobid);
      if (next && !stopped) void launch(next);
    });
    running.set(job.jobid, run);
    return run;
  }

  async function dueJobs(at: Date): Promise<DueJob[]> {
    const rows = await db.query<DueJob & { schedule: string; jobid: string | number }>(
      // Every active job, whatever its `database` says: a stack's database may be a copy of a
      // template made under another name (the PostgreSQL lane), and the stack has only this one.
      `select jobid, jobname, command, username, database, schedule from cron.job
       where active
       order by jobid`,
    );
    const minuteJobs: DueJob[] = [];
    const seconds: Array<DueJob & { every: number }> = [];
    for (const row of rows.rows) {
      const job = { ...row, jobid: Number(row.jobid) };
      const interval = SECONDS_SCHEDULE.exec(row.schedule);
      if (interval) seconds.push({ ...job, every: Number(interval[1]) });
      else minuteJobs.push(job);
    }
    secondsJobs = seconds;
    if (minuteJobs.length === 0) return [];
    const due = await db.query<{ jobid: string | number }>(
      `select jobid from cron.job where jobid = any ($1::bigint[]) and cron._local_schedule_due(schedule, $2)`,
      [minuteJobs.map((j) => j.jobid), at.toISOString()],
    );
    const ids = new Set(due.rows.map((r) => Number(r.jobid)));
    return minuteJobs.filter((j) => ids.has(j.jobid));
  }

  function secondsDue(at: Date): DueJob[] {
    const epoch = Math.floor(at.getTime() / 1000);
    return secondsJobs.filter((j) => epoch % j.every === 0);
  }

  async function tick(at = new Date()): Promise<CronRun[]> {
    const jobs = [...(await dueJobs(at)), ...secondsDue(at)];
    const runs = jobs.map((job) => launch(job)).filter((r): r is Promise<CronRun> => r !== null);
    return Promise.all(runs);
  }

  function schedule() {
    if (stopped) return;
    const now = Date.now();
    timer = setTimeout(onSecond, 1000 - (now % 1000) + 5);
    timer.unref?.();
  }

  async function onSecond() {
    const at = new Date();
    const minute = Math.floor(at.getTime() / 60_000);
    try {
      if (minute !== lastMinute) {
        lastMinute = minute;
        await tick(at);
      } else {
        for (const job of secondsDue(at)) void launch(job);
      }
    } catch (err) {
      log(`cron tick failed: ${(err as Error).message}`);
    }
    schedule();
  }

  async function runNow(jobname: string): Promise<CronRun | null> {
    const rows = await db.query<DueJob & { jobid: string | number }>(
      'select jobid, jobname, command, username, database from cron.job where active and jobname = $1 limit 1',
      [jobname],
    );
    const row = rows.rows[0];
    if (!row) return null;
    const job = { ...row, jobid: Number(row.jobid) };
    // A run in progress finishes first, then this one runs (as a due minute would).
    const current = running.get(job.jobid);
    if (current) await current.catch(() => undefined);
    return (await launch(job)) ?? (await running.get(job.jobid)) ?? null;
  }

  return {
    tick,
    runNow,
    start() {
      if (timer || stopped) return;
      // The first minute boundary after start runs the minute's jobs; the current minute does not.
      lastMinute = Math.floor(Date.now() / 60_000);
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...running.values()]);
    },
  };
}
