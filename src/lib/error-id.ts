/**
 * SPEC §8: `ERR_{time}_{random}` — the time makes IDs sortable in logs, the random part keeps
 * two errors in the same millisecond apart. Users read the ID to support; the console has it
 * next to the error.
 */
export function createErrorId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `ERR_${now}_${suffix}`;
}

export const ERROR_ID_PATTERN = /^ERR_\d{13}_[0-9a-z]{6}$/;
