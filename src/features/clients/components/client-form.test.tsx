import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { emptyClientForm } from '../schemas';
import { ClientForm } from './client-form';

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  render(
    <ClientForm
      defaultValues={emptyClientForm('2026-11-22')}
      onSubmit={onSubmit}
      onCancel={() => undefined}
      submitLabel="Add client"
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ClientForm validation', { timeout: 20_000 }, () => {
  it('requires name and phone, and either a National ID or a passport (SPEC §5)', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('Either National ID or Passport is required')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail and a phone that is no mobile next to their fields', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Omar Haddad');
    await user.type(screen.getByLabelText('Phone'), '011 234 5678');
    await user.type(screen.getByLabelText('Email'), 'omar@');
    await user.type(screen.getByLabelText('Passport number'), 'P1234567');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Enter a mobile number: a Saudi one (05X XXX XXXX) or a foreign one with its country code (+971 …)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a foreign guest’s mobile with its country code, stored in E.164', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Oliver Grant');
    await user.type(screen.getByLabelText('Phone'), '+44 7911 123456');
    await user.type(screen.getByLabelText('Passport number'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ phone: '+447911123456' });
  });

  it('accepts a passport alone and sends the normalised request', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), '  Layla Nasser ');
    await user.type(screen.getByLabelText('Phone'), '٠٥٠١٢٣٤٥٦٧');
    await user.type(screen.getByLabelText('Email'), 'Layla@Mail.Example');
    await user.type(screen.getByLabelText('Passport number'), 'J9876543');
    await user.selectOptions(screen.getByLabelText('Nationality'), 'JO');
    await user.click(screen.getByLabelText('VIP'));
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Layla Nasser',
      phone: '+966501234567',
      email: 'layla@mail.example',
      nationality: 'JO',
      national_id: null,
      passport_number: 'J9876543',
      preferred_language: 'ar',
      is_vip: true,
      member_since: '2026-11-22',
    });
  });

  it('keeps everything typed when the save fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('offline'));
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByLabelText('Name'), 'سارة الشهري');
    await user.type(screen.getByLabelText('Phone'), '0551234567');
    await user.type(screen.getByLabelText('National ID'), '1012345678');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.getByLabelText('Name')).toHaveValue('سارة الشهري');
    expect(screen.getByLabelText('National ID')).toHaveValue('1012345678');
    expect(screen.getByRole('button', { name: 'Add client' })).toBeEnabled();
  });

  it('shows the messages in Arabic next to the fields', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('يلزم إدخال رقم الهوية الوطنية أو رقم الجواز')).toBeInTheDocument();
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(screen.getByLabelText('رقم الهوية الوطنية')).toHaveAttribute('aria-invalid', 'true');
  });
});
