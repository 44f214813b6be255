import { describe, expect, it } from 'vitest';
import { parseClientListParams } from './use-client-list-params';

describe('parseClientListParams', () => {
  it('reads search, VIP, sort and page from the URL', () => {
    expect(parseClientListParams(new URLSearchParams('q=sara&vip=1&sort=name&dir=asc&page=2'))).toEqual({
      search: 'sara',
      vipOnly: true,
      sort: 'name',
      ascending: true,
      page: 2,
      pageSize: 25,
    });
  });
  it('falls back to the defaults for anything unknown', () => {
    expect(parseClientListParams(new URLSearchParams('vip=yes&sort=phone;drop&dir=up&page=0'))).toEqual({
      search: '',
      vipOnly: false,
      sort: 'created_at',
      ascending: false,
      page: 1,
      pageSize: 25,
    });
  });
});
