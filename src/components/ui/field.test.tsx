import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from './field';
import { Input } from './input';
import { SearchInput } from './search-input';
import { Select } from './select';
import { Textarea } from './textarea';

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('names its control by the label and describes it by the hint', () => {
    render(
      <Field label="Phone" hint="A Saudi mobile">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Phone');
    expect(describedBy(input)).toEqual(['A Saudi mobile']);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks a refused value invalid, announces the error and reads it with the hint', () => {
    render(
      <Field label="Phone" hint="A Saudi mobile" error="Enter a mobile number">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(input)).toEqual(['A Saudi mobile', 'Enter a mobile number']);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a mobile number');
  });

  it('wires every control the same way: Select, Textarea and SearchInput', () => {
    render(
      <>
        <Field label="Type" error="Choose one">
          <Select>
            <option value="">—</option>
          </Select>
        </Field>
        <Field label="Notes" error="Too long">
          <Textarea />
        </Field>
        <Field label="Search" compact>
          <SearchInput />
        </Field>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(screen.getByRole('combobox', { name: 'Type' }))).toEqual(['Choose one']);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });
});

const schema = z.object({ unit: z.string().min(1, { error: 'Choose a unit' }) });

function UnitForm({ onSubmit }: { onSubmit: (values: z.infer<typeof schema>) => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { unit: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Field label="Unit" error={form.formState.errors.unit?.message}>
        <Select {...form.register('unit')}>
          <option value="">Choose…</option>
          <optgroup label="Riyadh">
            <option value="olaya">Olaya Studio</option>
            <option value="hittin">Hittin Villa</option>
          </optgroup>
        </Select>
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe('Select', () => {
  it('works with react-hook-form: register, validation message, a choice inside an optgroup', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UnitForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const select = screen.getByRole('combobox', { name: 'Unit' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a unit');
    expect(select).toHaveAttribute('aria-invalid', 'true');

    // Keyboard and the phone picker are the browser's own (a native select); the browser tests use them.
    await user.selectOptions(select, 'hittin');
    expect(select).toHaveValue('hittin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ unit: 'hittin' }, expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps its chevron and text padding on the inline end, so both mirror in Arabic', () => {
    const { container } = render(
      <Select aria-label="Span" className="w-36">
        <option value="1">One month</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Span' });
    expect(select.className).toContain('pe-9');
    expect(container.querySelector('svg')?.getAttribute('class')).toContain('end-3');
    // The width given by the caller sizes the control's box.
    expect(select.parentElement).toHaveClass('w-36');
  });
});
