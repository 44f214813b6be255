import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { BookingActions, type BookingActionsProps } from './booking-actions';

afterEach(async () => {
  await changeLanguage('en');
});

function renderActions(props: Partial<BookingActionsProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BookingActions id="b1" reference="BK-REQ123" status="pending" {...props} />
    </QueryClientProvider>,
  );
}

describe('BookingActions: answering a public request', () => {
  it('says the guest is told by SMS, and e-mail when they gave one; the buttons carry it as their description', () => {
    renderActions({ guestNotice: 'sms' });
    const hint = 'When you confirm or decline this request, the guest is told by SMS.';
    expect(screen.getByTestId('guest-notice-hint')).toHaveTextContent(hint);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAccessibleDescription(hint);
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toHaveAccessibleDescription(hint);
  });

  it('in Arabic, with the e-mail', async () => {
    await changeLanguage('ar');
    renderActions({ guestNotice: 'sms_email' });
    expect(screen.getByTestId('guest-notice-hint')).toHaveTextContent(
      'عند تأكيد هذا الطلب أو رفضه نُبلغ الضيف برسالة نصية وبالبريد الإلكتروني.',
    );
  });

  it('says nothing for other stays', () => {
    renderActions({ status: 'confirmed' });
    expect(screen.queryByTestId('guest-notice-hint')).toBeNull();
    expect(screen.getByRole('button', { name: 'Check in' })).not.toHaveAttribute('aria-describedby');
  });
});
