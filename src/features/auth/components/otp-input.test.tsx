import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        label="Verification code"
        digitLabel={(index) => `Digit ${index + 1}`}
        testId="otp"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (index: number) => screen.getByLabelText(`Digit ${index + 1}`);

describe('OtpInput', () => {
  it('asks for SMS autofill on the first box only, with a numeric keyboard', () => {
    render(<Harness />);
    expect(box(0)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(1)).toHaveAttribute('autocomplete', 'off');
    expect(box(0)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAttribute('dir', 'ltr');
  });

  it('typing moves from box to box and completes the code', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(box(0));
    await userEvent.keyboard('123456');
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(box(5)).toHaveFocus();
  });

  it('a paste in any box spreads the whole code (Arabic-Indic digits too)', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' ١٢٣-٤٥٦ ' } });
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('SMS autofill of the whole code into the first box fills every box', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(0), { target: { value: '654321' } });
    expect(onComplete).toHaveBeenCalledWith('654321');
    expect(box(5)).toHaveValue('1');
  });

  it('ignores letters', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('a1b');
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/);
  });

  it('Backspace, arrows, Home and End move between boxes', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('123');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^12$/);
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(box(0)).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(box(5)).toHaveFocus();
  });
});
