import { describe, expect, it } from 'vitest';
import { toSearchPattern } from './get-units';

describe('toSearchPattern', () => {
  it('wraps the text for a contains match', () => {
    expect(toSearchPattern('Olaya')).toBe('*Olaya*');
    expect(toSearchPattern('  فيلا   حطين ')).toBe('*فيلا حطين*');
  });

  it('drops characters that would break the PostgREST or-filter or act as wildcards', () => {
    expect(toSearchPattern('a,b)(c"d*e%f_g\\h:i')).toBe('*a b c d e f g h i*');
    expect(toSearchPattern('name.eq.x),id.neq.(')).toBe('*name.eq.x id.neq.*');
  });

  it('gives no filter for a blank search', () => {
    expect(toSearchPattern('   ')).toBeNull();
    expect(toSearchPattern('(),*')).toBeNull();
  });
});
