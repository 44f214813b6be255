import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/url-state';
import { creatingFrom, parseTaskFilters, TASKS_URL } from './use-task-filters';

describe('the tasks screen in the URL', () => {
  it('reads filters from the URL and falls back on anything unknown', () => {
    expect(parseTaskFilters(new URLSearchParams('view=list&type=repair&due=overdue&assignee=me&page=3'))).toMatchObject(
      {
        view: 'list',
        type: 'repair',
        due: 'overdue',
        assignee: 'me',
        page: 3,
        priority: 'all',
        unit: 'all',
      },
    );
    expect(parseTaskFilters(new URLSearchParams('view=x&type=nope&assignee=drop table&page=-1'))).toMatchObject({
      view: 'board',
      type: 'all',
      assignee: 'all',
      page: 1,
    });
  });

  it('opens the right form from the overview’s links', () => {
    const creating = (query: string) => creatingFrom(readUrlState(TASKS_URL, new URLSearchParams(query)));
    expect(creating('new=maintenance')).toBe('maintenance');
    expect(creating('new=1&type=maintenance')).toBe('maintenance');
    expect(creating('new=task')).toBe('task');
    expect(creating('new=1')).toBe('task');
    expect(creating('type=maintenance')).toBeNull();
    expect(creating('new=whatever')).toBeNull();
  });
});
