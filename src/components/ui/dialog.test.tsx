import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** A dialog opened by state (as from the URL or a calendar cell), with no DialogTrigger. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">first</button>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Title</DialogTitle>
          {/* A field that takes the focus as it mounts, as the booking form's guest search does. */}
          <input aria-label="field" autoFocus />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', { timeout: 20_000 }, () => {
  it('gives the focus back to what had it before opening, without a trigger', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('dialog', { name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'field' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });
});
