import { describe, expect, it } from 'vitest';
import { filterDefaults, readUrlState, urlParam, writeUrlState, type UrlStateDefinition } from './url-state';

const STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
const DEFINITION = {
  search: urlParam.text({ key: 'q', filter: true }),
  status: urlParam.oneOf(['all', ...STATUSES], 'all', { filter: true }),
  statuses: urlParam.listOf(STATUSES, { key: 'in', filter: true }),
  from: urlParam.day({ filter: true }),
  vip: urlParam.flag({ filter: true }),
  unit: urlParam.matching(/^[0-9a-f-]{36}$/),
  view: urlParam.oneOf(['cards', 'table'] as const, 'cards'),
  open: urlParam.optionalOneOf(['new', 'edit'] as const),
  page: urlParam.page(),
} satisfies UrlStateDefinition;

const DEFAULTS = {
  search: '',
  status: 'all',
  statuses: [],
  from: null,
  vip: false,
  unit: null,
  view: 'cards',
  open: null,
  page: 1,
};
const UNIT = '0b7e2a7c-5a7e-4b9a-9c1e-2f3d4e5f6a7b';
const read = (query: string) => readUrlState(DEFINITION, new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeUrlState<typeof DEFINITION>>[2]) =>
  writeUrlState(DEFINITION, new URLSearchParams(query), patch).toString();

describe('readUrlState', () => {
  it('reads each value under its key', () => {
    expect(
      read(
        `q=villa&status=confirmed&in=pending,cancelled&from=2026-11-01&vip=1&unit=${UNIT}&view=table&open=new&page=3`,
      ),
    ).toEqual({
      search: 'villa',
      status: 'confirmed',
      statuses: ['pending', 'cancelled'],
      from: '2026-11-01',
      vip: true,
      unit: UNIT,
      view: 'table',
      open: 'new',
      page: 3,
    });
  });

  it('reads anything missing, empty or odd as the default', () => {
    expect(read('')).toEqual(DEFAULTS);
    expect(
      read(
        `q=${'x'.repeat(101)}&status=lost&in=fax,pending&from=yesterday&vip=yes&unit=1;drop&view=grid&open=x&page=-2`,
      ),
    ).toEqual({ ...DEFAULTS, statuses: ['pending'] });
    expect(read('page=0').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=1e3').page).toBe(1);
    expect(read('q=&status=').search).toBe('');
  });
});

describe('writeUrlState', () => {
  it('writes values, leaves defaults out and keeps parameters it does not know', () => {
    expect(write('other=1', { search: ' villa ', view: 'table', vip: true })).toBe('other=1&q=villa&view=table&vip=1');
    expect(write('q=villa&view=table&vip=1', { search: '', view: 'cards', vip: false })).toBe('');
    expect(write('', { statuses: ['pending', 'confirmed'], from: '2026-11-01' })).toBe(
      'in=pending%2Cconfirmed&from=2026-11-01',
    );
    expect(write('open=new', { open: null })).toBe('');
  });

  it('a changed filter sends the list back to page 1; other changes keep the page', () => {
    expect(write('page=4', { status: 'confirmed' })).toBe('status=confirmed');
    expect(write('page=4&q=villa', { search: 'villa' })).toBe('page=4&q=villa');
    expect(write('page=4', { view: 'table' })).toBe('page=4&view=table');
    expect(write('page=4', { open: 'new' })).toBe('page=4&open=new');
    expect(write('page=4', { page: 5 })).toBe('page=5');
    expect(write('page=4', { page: 1 })).toBe('');
    expect(write('page=4', { search: 'x', page: 2 })).toBe('page=2&q=x');
  });
});

describe('filterDefaults', () => {
  it('names every filter with its default, nothing else', () => {
    expect(filterDefaults(DEFINITION)).toEqual({
      search: '',
      status: 'all',
      statuses: [],
      from: null,
      vip: false,
    });
    expect(
      writeUrlState(
        DEFINITION,
        new URLSearchParams('q=x&vip=1&view=table&page=3'),
        filterDefaults(DEFINITION),
      ).toString(),
    ).toBe('view=table');
  });
});
