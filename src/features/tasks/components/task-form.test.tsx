import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { emptyTaskForm, type TaskFormInput, type TaskFormValues } from '../schemas';
import { TaskForm } from './task-form';

// The related-booking picker reads a unit's bookings; these tests choose no unit, so a call
// to the database would be a bug.
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => {
      throw new Error('TaskForm must not query without a unit');
    },
  },
}));

const OPTIONS = {
  units: [{ id: '50000000-0000-4000-8000-000000000001', name: 'Narjis Villa', name_ar: 'فيلا النرجس' }],
  vendors: [
    {
      id: '40000000-0000-4000-8000-000000000001',
      name: 'Sparkle Cleaning Co.',
      name_ar: 'شركة لمعان للتنظيف',
      categories: ['cleaning' as const],
      verified: true,
    },
  ],
  staff: [{ user_id: '10000000-0000-4000-8000-000000000003', full_name: 'Noura', phone: '+966500000003' }],
};

function renderForm(defaultValues: TaskFormInput = emptyTaskForm()) {
  const onSubmit = vi.fn<(values: TaskFormValues) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <TaskForm
          defaultValues={defaultValues}
          options={OPTIONS}
          submitLabel="Create task"
          onSubmit={onSubmit}
          onCancel={vi.fn()}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

function errorOf(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((node) => node?.getAttribute('role') === 'alert')?.textContent ??
    null
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('TaskForm validation', { timeout: 30_000 }, () => {
  it('requires a title and sends nothing without one', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(errorOf(title)).toBe('This field is required'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    // Blank spaces are not a title either.
    await user.type(title, '   ');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(errorOf(title)).toBe('This field is required'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a title over 200 characters', async () => {
    const { onSubmit, user } = renderForm();
    const title = screen.getByLabelText('Title');
    await user.click(title);
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(errorOf(title)).toBe('This is too long'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a repeating task needs a first date, and a time needs a date', async () => {
    const { onSubmit, user } = renderForm(emptyTaskForm('maintenance'));
    await user.type(screen.getByLabelText('Title'), 'AC service');
    await user.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    const date = screen.getByLabelText('Due date');
    await waitFor(() => expect(errorOf(date)).toBe('A repeating task needs a first date'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Repeats'), 'none');
    await user.type(screen.getByLabelText('Due time'), '10:30');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(errorOf(date)).toBe('Choose a date for this time'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an emptied checklist item is refused next to the item', async () => {
    const { onSubmit, user } = renderForm({
      ...emptyTaskForm(),
      title: 'Turnover',
      checklist: [{ label: 'Linen', done: false }],
    });
    const item = screen.getByLabelText('Checklist item 1');
    await user.clear(item);
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(item).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends clean values: trimmed title, nulls for empty choices, checklist in order', async () => {
    const { onSubmit, user } = renderForm(emptyTaskForm('maintenance'));
    await user.type(screen.getByLabelText('Title'), '  Pool pump check  ');
    await user.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    await user.selectOptions(screen.getByLabelText('Vendor'), OPTIONS.vendors[0]!.id);
    await user.type(screen.getByLabelText('Due date'), '2026-12-01');
    await user.selectOptions(screen.getByLabelText('Repeats'), 'monthly');
    const add = screen.getByRole('textbox', { name: 'Add item' });
    await user.type(add, 'Check pressure{Enter}');
    await user.type(add, 'Clean filter');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      title: 'Pool pump check',
      description: null,
      type: 'maintenance',
      priority: 'urgent',
      unit_id: null,
      booking_id: null,
      vendor_id: OPTIONS.vendors[0]!.id,
      assignee_id: null,
      due_date: '2026-12-01',
      due_time: '',
      recurrence: 'monthly',
      checklist: [
        { label: 'Check pressure', done: false },
        { label: 'Clean filter', done: false },
      ],
    });
  });

  it('shows the messages in Arabic', async () => {
    await changeLanguage('ar');
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('العنوان'))).toBe('هذا الحقل مطلوب'));
    expect(screen.getByRole('option', { name: 'تدبير منزلي' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'عاجلة' })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
