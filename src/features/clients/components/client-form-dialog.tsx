import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { todayIn } from '@/lib/format';
import type { Tables } from '@/types/database';
import { useSaveClient } from '../api/save-client';
import { emptyClientForm, type ClientFormInput } from '../schemas';
import { ClientForm } from './client-form';

type Client = Tables<'clients'>;

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; a new client when absent. */
  client?: Pick<
    Client,
    | 'id'
    | 'name'
    | 'email'
    | 'phone'
    | 'nationality'
    | 'national_id'
    | 'passport_number'
    | 'preferred_language'
    | 'is_vip'
    | 'member_since'
  > | null;
  onSaved?: (client: Client) => void;
}

function toFormValues(client: NonNullable<ClientFormDialogProps['client']>): ClientFormInput {
  return {
    name: client.name,
    email: client.email ?? '',
    phone: client.phone,
    nationality: client.nationality ?? '',
    national_id: client.national_id ?? '',
    passport_number: client.passport_number ?? '',
    preferred_language: client.preferred_language === 'en' ? 'en' : 'ar',
    is_vip: client.is_vip,
    member_since: client.member_since,
  };
}

/** Create or edit a client in a dialog; also used by the bookings screen to add a guest inline. */
export function ClientFormDialog({ open, onOpenChange, client, onSaved }: ClientFormDialogProps) {
  const { t } = useTranslation('clients');
  const save = useSaveClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const isEdit = Boolean(client);
  // A new guest is a member since the organisation's today.
  const { timeZone } = useOrganizationSettings();

  const handleOpenChange = (next: boolean) => {
    if (!next) setServerError(null);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? t('form.edit_title') : t('form.create_title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <ClientForm
            defaultValues={client ? toFormValues(client) : emptyClientForm(todayIn(timeZone))}
            submitLabel={isEdit ? t('common:actions.save') : t('form.create_submit')}
            serverError={serverError}
            onCancel={() => handleOpenChange(false)}
            onSubmit={async (values) => {
              setServerError(null);
              try {
                const saved = await save.mutateAsync({ id: client?.id, values });
                onSaved?.(saved);
                handleOpenChange(false);
              } catch (error) {
                setServerError(`${t(isEdit ? 'form.update_failed' : 'form.create_failed')} ${getErrorMessage(error)}`);
                throw error;
              }
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
