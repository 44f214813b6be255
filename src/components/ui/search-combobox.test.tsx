import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchCombobox } from './search-combobox';

interface Guest {
  id: string;
  name: string;
}

const GUESTS: Guest[] = [
  { id: 'g1', name: 'Omar Haddad' },
  { id: 'g2', name: 'Sara Alghamdi' },
  { id: 'g3', name: 'Faisal Otaibi' },
];

function Harness({ options = GUESTS, onSelect }: { options?: Guest[]; onSelect: (guest: Guest) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
  return (
    <form onSubmit={onSubmit} data-testid="form">
      <label htmlFor="guest">Guest</label>
      <SearchCombobox
        id="guest"
        text={text}
        onTextChange={setText}
        open={open}
        onOpenChange={setOpen}
        options={options.filter((guest) => guest.name.toLowerCase().includes(text.toLowerCase()))}
        onSelect={onSelect}
        renderOption={(guest) => guest.name}
        label="Guests"
        placeholder="Search guests"
        emptyText="No guests match"
        testId="guest"
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('SearchCombobox', () => {
  it('is a combobox with a listbox of options, not of buttons', async () => {
    const user = userEvent.setup();
    render(<Harness onSelect={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Guest' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Guests' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(GUESTS.map((g) => g.name));
    expect(screen.queryByRole('button', { name: /Omar/ })).toBeNull();
  });

  it('moves the highlight with the arrow keys and picks with Enter, without submitting the form', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox');
    await user.click(box);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(active).toHaveTextContent('Sara Alghamdi');
    expect(active).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.getElementById(box.getAttribute('aria-activedescendant') ?? '')).toHaveTextContent('Faisal Otaibi');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(GUESTS[2]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('filters as one types and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness onSelect={vi.fn()} />);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('sara');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('No guests match');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list on Escape before anything listening on the document hears it (a dialog)', async () => {
    const user = userEvent.setup();
    const dialogEscape = vi.fn();
    document.addEventListener('keydown', dialogEscape, true);
    render(<Harness onSelect={vi.fn()} />);
    const box = screen.getByRole('combobox');
    await user.click(box);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(dialogEscape).not.toHaveBeenCalled();
    // With the list closed, Escape goes on to the dialog.
    await user.keyboard('{Escape}');
    expect(dialogEscape).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', dialogEscape, true);
  });

  it('opens on ArrowDown or typing, not when the focus arrives (one Escape still closes a dialog)', async () => {
    const user = userEvent.setup();
    render(<Harness onSelect={vi.fn()} />);
    await user.tab();
    const box = screen.getByRole('combobox');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // The matches arrive with nothing highlighted; the next ArrowDown reaches the first.
    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(box.getAttribute('aria-activedescendant') ?? '')).toHaveTextContent('Omar Haddad');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('o');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('picks with a click and closes when focus leaves', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox');
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Omar Haddad' }));
    expect(onSelect).toHaveBeenCalledWith(GUESTS[0]);
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });
});
