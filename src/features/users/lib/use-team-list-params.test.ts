import { describe, expect, it } from 'vitest';
import { parseTeamListParams } from './use-team-list-params';

describe('parseTeamListParams', () => {
  it('reads search, status and page from the URL', () => {
    expect(parseTeamListParams(new URLSearchParams('q=%20sara%20&status=pending&page=2'))).toEqual({
      search: 'sara',
      status: 'pending',
      page: 2,
    });
  });

  it('falls back to every status and the first page for anything it does not know', () => {
    expect(parseTeamListParams(new URLSearchParams('status=everyone&page=0'))).toEqual({
      search: '',
      status: 'all',
      page: 1,
    });
  });
});
