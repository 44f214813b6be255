import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { CodeStep } from './code-step';

// The auth server's answers come from this stand-in; everything else (boxes, messages) is real.
const auth = vi.hoisted(() => ({ verifyOtp: vi.fn(), signInWithOtp: vi.fn() }));
vi.mock('@/lib/supabase', () => ({
  supabase: { auth },
  authStorage: { setRemember: () => undefined },
}));

/** GoTrue's answer to a wrong or expired code. */
const wrongCode = Object.assign(new Error('Token has expired or is invalid'), { code: 'otp_expired', status: 403 });

function renderStep() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CodeStep phone="+966500000009" remember onChangeNumber={() => undefined} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const box = (index: number) => screen.getByTestId(`otp-${index}`);

beforeEach(() => {
  auth.verifyOtp.mockResolvedValue({ data: {}, error: wrongCode });
});
afterEach(async () => {
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('CodeStep after a wrong code', { timeout: 20_000 }, () => {
  it('keeps "Verification Failed" and its reason when Verify is pressed on the cleared boxes', async () => {
    const user = renderStep();
    await user.click(box(0));
    await user.keyboard('000000');
    const error = await screen.findByTestId('verify-error');
    expect(error).toHaveTextContent('Verification Failed');
    expect(error).toHaveTextContent('The code is wrong or has expired');
    for (let index = 0; index < 6; index += 1) expect(box(index)).toHaveValue('');

    await user.click(screen.getByTestId('verify-code'));
    expect(screen.getByTestId('verify-error')).toHaveTextContent('Verification Failed');
    expect(screen.getByTestId('verify-error')).toHaveTextContent('The code is wrong or has expired');
    expect(screen.queryByTestId('code-incomplete')).not.toBeInTheDocument();
    expect(auth.verifyOtp).toHaveBeenCalledTimes(1);
  });

  it('drops the old reason once a new code is being typed, then asks for the whole code', async () => {
    const user = renderStep();
    await user.click(box(0));
    await user.keyboard('000000');
    await screen.findByTestId('verify-error');

    await user.click(box(0));
    await user.keyboard('12');
    expect(screen.queryByTestId('verify-error')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('verify-code'));
    expect(screen.getByTestId('code-incomplete')).toHaveTextContent('Please enter the complete verification code');
  });

  it('says so in Arabic as well', async () => {
    await i18n.changeLanguage('ar');
    const user = renderStep();
    await user.click(box(0));
    await user.keyboard('000000');
    await screen.findByTestId('verify-error');
    await user.click(screen.getByTestId('verify-code'));
    expect(screen.getByTestId('verify-error')).toHaveTextContent(i18n.t('auth:errors.verification_failed'));
    expect(screen.queryByTestId('code-incomplete')).not.toBeInTheDocument();
  });
});
