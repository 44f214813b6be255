import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { CancelBookingDialog } from './cancel-booking-dialog';

afterEach(async () => {
  await changeLanguage('en');
});

describe('CancelBookingDialog', { timeout: 20_000 }, () => {
  it('requires a reason before cancelling, then sends it trimmed', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<CancelBookingDialog open reference="BK-7KQ2MX" onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    expect(screen.getByRole('alertdialog', { name: 'Cancel booking BK-7KQ2MX?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Give a reason for the cancellation')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason'), '  Guest changed plans  ');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Guest changed plans'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the dialog and the reason when cancelling fails', async () => {
    const onConfirm = vi.fn().mockRejectedValue(new Error('offline'));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<CancelBookingDialog open reference="BK-7KQ2MX" onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    await user.type(screen.getByLabelText('Reason'), 'Double booking');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByLabelText('Reason')).toHaveValue('Double booking');
  });

  it('tells staff declining a public request that its guest is told, with the reason; nothing for other stays', async () => {
    const props = { open: true, reference: 'BK-7KQ2MX', onOpenChange: vi.fn(), onConfirm: vi.fn() };
    const { rerender } = render(<CancelBookingDialog {...props} guestNotice="sms_email" />);
    expect(screen.getByTestId('guest-notice-hint')).toHaveTextContent(
      'The guest is told by SMS and e-mail that their request was declined, with this reason.',
    );
    rerender(<CancelBookingDialog {...props} />);
    expect(screen.queryByTestId('guest-notice-hint')).toBeNull();

    await changeLanguage('ar');
    rerender(<CancelBookingDialog {...props} guestNotice="sms" />);
    expect(screen.getByTestId('guest-notice-hint')).toHaveTextContent(
      'سنُبلغ الضيف برسالة نصية بأن طلبه لم يُقبل، مع هذا السبب.',
    );
  });
});
