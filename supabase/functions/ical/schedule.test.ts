// The 15-minute job's pace per organisation (Settings → Integrations → Channel sync).
import { assertEquals } from '../_shared/zatca/testing.ts';
import { isDue } from './schedule.ts';

const now = new Date('2026-11-27T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

Deno.test('every 15 minutes (also without a schedule): due after 10 minutes, or never synced', () => {
  assertEquals(isDue(undefined, null, now), true);
  assertEquals(isDue(undefined, ago(11), now), true);
  assertEquals(isDue(undefined, ago(9), now), false);
  assertEquals(isDue({ status: 'active', sync_frequency: 'realtime' }, ago(15), now), true);
});

Deno.test('hourly and daily keep their pace; manual and paused never run on schedule', () => {
  assertEquals(isDue({ status: 'active', sync_frequency: 'hourly' }, ago(30), now), false);
  assertEquals(isDue({ status: 'active', sync_frequency: 'hourly' }, ago(60), now), true);
  assertEquals(isDue({ status: 'active', sync_frequency: 'daily' }, ago(6 * 60), now), false);
  assertEquals(isDue({ status: 'active', sync_frequency: 'daily' }, ago(24 * 60), now), true);
  assertEquals(isDue({ status: 'active', sync_frequency: 'manual' }, null, now), false);
  assertEquals(isDue({ status: 'disconnected', sync_frequency: 'realtime' }, null, now), false);
});
