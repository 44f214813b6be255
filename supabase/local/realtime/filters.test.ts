import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filters';

const types = new Map([
  ['id', 'uuid'],
  ['n', 'int4'],
  ['status', 'message_status'],
  ['ok', 'bool'],
]);
const row = { id: 'AB000000-0000-4000-8000-000000000001'.toLowerCase(), n: 5, status: 'sent', ok: true };
const matches = (filter: string, record: Record<string, unknown> = row) =>
  matchesFilter(parseFilter(filter), record, types);

describe('postgres_changes filters', () => {
  it('parses the operators Realtime supports, in-lists with quoted values, and several clauses', () => {
    expect(parseFilter('status=in.(sent,"a,b")')).toEqual([{ column: 'status', op: 'in', values: ['sent', 'a,b'] }]);
    expect(parseFilter('n=gte.1,status=eq.sent')).toHaveLength(2);
    expect(parseFilter('')).toEqual([]);
    expect(() => parseFilter('n=like.1')).toThrow(/filter/);
    expect(() => parseFilter('nonsense')).toThrow(/filter/);
  });

  it('compares as the column type does', () => {
    expect(matches('id=eq.AB000000-0000-4000-8000-000000000001')).toBe(true);
    expect(matches('n=gt.10')).toBe(false);
    expect(matches('n=gt.4')).toBe(true);
    expect(matches('n=lte.5')).toBe(true);
    expect(matches('n=lt.5')).toBe(false);
    expect(matches('n=neq.5')).toBe(false);
    expect(matches('status=in.(queued,sent)')).toBe(true);
    expect(matches('status=in.(queued,failed)')).toBe(false);
    expect(matches('ok=eq.true')).toBe(true);
    expect(matches('n=gte.1,status=eq.failed')).toBe(false);
  });

  it("lets a DELETE's key-only record through clauses on other columns", () => {
    expect(matches('status=eq.failed', { id: row.id })).toBe(true);
    expect(matches('id=eq.00000000-0000-4000-8000-000000000000', { id: row.id })).toBe(false);
  });
});
