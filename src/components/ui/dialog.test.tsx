import { render, screen, waitFor, within } from '@testing-library/react';
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

/** A form whose saving opens the saved item's details, as the booking form does. */
function FormThenDetails() {
  const [shown, setShown] = useState<'none' | 'form' | 'details'>('none');
  return (
    <>
      <button type="button" onClick={() => setShown('form')}>
        new
      </button>
      <Dialog open={shown === 'form'} onOpenChange={(open) => !open && setShown('none')}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Form</DialogTitle>
          <button type="button" onClick={() => setShown('details')}>
            save
          </button>
        </DialogContent>
      </Dialog>
      <Dialog open={shown === 'details'} onOpenChange={(open) => !open && setShown('none')}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Details</DialogTitle>
          <input aria-label="note" />
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * A card whose button is drawn again in another column (a task that moved): while its dialog is
 * open ("complete" inside it), or only after the dialog closed ("refetch" outside it: the board's
 * answer came late).
 */
function MovingCard({ moves }: { moves: 'while-open' | 'after-close' }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const card = (
    <button type="button" id={`card-${moves}`} onClick={() => setOpen(true)}>
      card
    </button>
  );
  return (
    <>
      <section aria-label="pending">{done ? null : card}</section>
      <section aria-label="done">{done ? card : null}</section>
      {moves === 'after-close' ? (
        <button type="button" onClick={() => setDone(true)}>
          refetch
        </button>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Card</DialogTitle>
          {moves === 'while-open' ? (
            <button type="button" onClick={() => setDone(true)}>
              complete
            </button>
          ) : (
            <input aria-label="note" />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent focus return', { timeout: 20_000 }, () => {
  it('follows the opener when it is drawn again just after the dialog closed', async () => {
    const user = userEvent.setup();
    render(<MovingCard moves="after-close" />);
    await user.click(screen.getByRole('button', { name: 'card' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'card' })).toHaveFocus());
    // The board's answer arrives: the card leaves the pending column for the done one.
    screen.getByRole('button', { name: 'refetch' }).click();
    const moved = await within(screen.getByRole('region', { name: 'done' })).findByRole('button', { name: 'card' });
    await waitFor(() => expect(moved).toHaveFocus());
  });

  it('goes back to the opener when a dialog opened as another closed (form, then details)', async () => {
    const user = userEvent.setup();
    render(<FormThenDetails />);
    await user.click(screen.getByRole('button', { name: 'new' }));
    await user.click(await screen.findByRole('button', { name: 'save' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'new' })).toHaveFocus());
  });

  it('finds the opener drawn again elsewhere by its id', async () => {
    const user = userEvent.setup();
    render(<MovingCard moves="while-open" />);
    await user.click(screen.getByRole('button', { name: 'card' }));
    await user.click(await screen.findByRole('button', { name: 'complete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const moved = within(screen.getByRole('region', { name: 'done' })).getByRole('button', { name: 'card' });
    await waitFor(() => expect(moved).toHaveFocus());
  });
});
