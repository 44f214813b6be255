import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { TaskRating } from './task-rating';

interface Answer {
  data: unknown;
  error: unknown;
  status: number;
}
/** What the tasks update answers (the database's refusal, or the rated row). */
const answer = vi.hoisted(() => {
  const state: { current: Answer } = { current: { data: null, error: null, status: 200 } };
  return state;
});
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));

vi.mock('@/lib/supabase', () => {
  // supabase.from('tasks').update(…).eq(…).select(…).single(), as postgrest-js builds it.
  const builder = () =>
    Object.assign(Promise.resolve(answer.current), {
      retry: () => undefined,
      abortSignal: () => undefined,
    });
  const chain = { update: () => chain, eq: () => chain, select: () => chain, single: builder };
  return { supabase: { from: () => chain } };
});
vi.mock('sonner', () => ({ toast: toasts }));

function renderRating(rating: number | null) {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <TaskRating taskId="task-1" vendorName="Sparkle Cleaning Co." rating={rating} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

beforeEach(() => {
  toasts.error.mockClear();
  toasts.success.mockClear();
});
afterEach(() => changeLanguage('en'));

describe('TaskRating', () => {
  it('a refusal from the database is shown with its translated rule (English and Arabic)', async () => {
    answer.current = {
      data: null,
      status: 403,
      error: {
        code: '42501',
        message: 'Only staff who manage vendors can rate them',
        details: null,
        hint: 'task_rating_forbidden',
      },
    };
    for (const [language, text] of [
      ['en', 'Only staff who manage vendors can rate them'],
      ['ar', 'تقييم الموردين متاح فقط لمن يملك صلاحية إدارة الموردين'],
    ] as const) {
      await changeLanguage(language);
      toasts.error.mockClear();
      const user = renderRating(null);
      await user.click(screen.getAllByRole('radio')[2]!);
      await waitFor(() =>
        expect(toasts.error).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ description: text })),
      );
      expect(toasts.success).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('once rated, the stars only show the rating (it is given once)', () => {
    renderRating(4);
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(5);
    for (const star of stars) expect(star).toBeDisabled();
    expect(stars[3]).toBeChecked();
    expect(screen.getByText('You rated this work 4 of 5.')).toBeInTheDocument();
  });
});
