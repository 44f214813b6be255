import { describe, expect, it } from 'vitest';
import { overages } from './plan-usage';

describe('overages', () => {
  it('lists each limit the usage is above', () => {
    expect(overages({ units: 3, users: 2 }, { units: 1, users: 1 })).toEqual([
      { kind: 'units', used: 3, limit: 1 },
      { kind: 'users', used: 2, limit: 1 },
    ]);
  });

  it('is empty at or under the limits, for unlimited plans and without limits', () => {
    expect(overages({ units: 2, users: 5 }, { units: 2, users: null })).toEqual([]);
    expect(overages({ units: 99, users: 99 }, { units: null, users: null })).toEqual([]);
    expect(overages({ units: 99, users: 99 }, undefined)).toEqual([]);
  });
});
