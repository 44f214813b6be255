import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/lib/auth';
import { getErrorMessage, toAppError } from '@/lib/errors';
import { isLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { useInvitableRoles } from '../api/get-invitable-roles';
import { useInviteUser } from '../api/invite-user';
import { roleLabel } from '../lib/team-row';
import { INVITATION_LANGUAGES, inviteFormSchema, type InviteFormInput, type InviteFormValues } from '../schemas';
import { UpgradeLink } from './seats-notice';

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Invite user" (SPEC §2 Users): an address, a role the inviter may give (the others are listed,
 * disabled, saying why) and the language the invitation is written in. A refusal stays in the
 * dialog with its reason; a full plan says how to get more seats.
 */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const { t, i18n } = useTranslation('users');
  const { organization } = useAuth();
  const roles = useInvitableRoles({ enabled: open });
  const invite = useInviteUser();
  const [failure, setFailure] = useState<{ message: string; planLimit: boolean } | null>(null);
  const defaults: InviteFormInput = { email: '', role_id: '', language: i18n.language === 'en' ? 'en' : 'ar' };
  const form = useForm<InviteFormInput, unknown, InviteFormValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: defaults,
  });
  const { register, formState } = form;
  const message = (key?: string) => (key ? t(key, { ns: 'common' }) : undefined);
  const firstGrantable =
    roles.data?.find((role) => role.grantable && role.key === 'member') ?? roles.data?.find((role) => role.grantable);
  const organizationName = organization ? localized(i18n.language, organization.name, organization.name_ar) : '';

  // Once the roles are known, the usual first choice (Team Member, else the first one the inviter
  // may give) is picked.
  const defaultRoleId = firstGrantable?.id;
  useEffect(() => {
    if (defaultRoleId && !form.getValues('role_id')) form.setValue('role_id', defaultRoleId);
  }, [defaultRoleId, form]);

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      form.reset({ ...defaults, role_id: defaultRoleId ?? '' });
      setFailure(null);
    }
    onOpenChange(next);
  };
  const handleSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await invite.mutateAsync(values);
      toast.success(t('invite.sent', { email: values.email }));
      handleOpenChange(false);
    } catch (error) {
      setFailure({
        message: getErrorMessage(error),
        planLimit: toAppError(error).messageKey === 'errors.db.plan_limit_users',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-lg" closeLabel={t('actions.close')} data-testid="invite-dialog">
        <DialogHeader>
          <DialogTitle>{t('invite.title')}</DialogTitle>
          <DialogDescription>{t('invite.description', { organization: organizationName })}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <Field label={t('invite.email')} error={message(formState.errors.email?.message)}>
              <Input type="email" dir="ltr" autoComplete="off" data-testid="invite-email" {...register('email')} />
            </Field>
            <Field
              label={t('invite.role')}
              hint={t('invite.role_hint')}
              error={
                message(formState.errors.role_id?.message) ?? (roles.isError ? getErrorMessage(roles.error) : undefined)
              }
            >
              <Select data-testid="invite-role" disabled={!roles.data} {...register('role_id')}>
                <option value="" disabled>
                  {roles.data && !firstGrantable ? t('invite.no_roles') : '—'}
                </option>
                {roles.data?.map((role) => (
                  <option key={role.id} value={role.id} disabled={!role.grantable}>
                    {role.grantable ? roleLabel(role, t) : t('invite.role_not_grantable', { role: roleLabel(role, t) })}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('invite.language')} hint={t('invite.language_hint')}>
              <Select data-testid="invite-language" {...register('language')}>
                {INVITATION_LANGUAGES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {isLanguage(language) ? t(`languages.${language}`) : language}
                  </option>
                ))}
              </Select>
            </Field>
          </fieldset>
          {failure ? (
            <div
              role="alert"
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
              data-testid="invite-error"
            >
              <p className="font-medium">
                {t('invite.failed')}: {failure.message}
              </p>
              {failure.planLimit ? (
                <p className="mt-1">
                  <UpgradeLink />
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              {t('actions.close')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting || !firstGrantable} data-testid="invite-submit">
              {formState.isSubmitting ? t('invite.sending') : t('invite.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
