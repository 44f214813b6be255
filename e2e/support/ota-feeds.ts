import { expect } from '@playwright/test';
import { stackEnv } from './stack-env';

/**
 * Gives a listing of the stack's OTA feed sandbox two stays far ahead (a reserved stay of three
 * nights from 1 March, a blocked two nights from 10 March of `year`, where the seed has nothing)
 * and answers the feed's address, as a platform would publish it.
 */
export async function feedOf(platform: string, listing: string, year: number): Promise<string> {
  const { apiUrl } = stackEnv();
  const response = await fetch(`${apiUrl}/_sandbox/ota/_control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'events',
      platform,
      listing,
      events: [
        { start: `${year}-03-01`, end: `${year}-03-04`, kind: 'reserved' },
        { start: `${year}-03-10`, end: `${year}-03-12`, kind: 'blocked' },
      ],
    }),
  });
  expect(response.ok).toBe(true);
  return `${apiUrl}/_sandbox/ota/feeds/${platform}/${listing}.ics`;
}
