import { MailX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth, useOrganizationSettings } from '@/lib/auth';
import { toAppError, getErrorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { changeLanguage, isLanguage, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { useInvitationPreview } from '../api/get-invitation-preview';
import { EmailCodeForm } from '../components/email-code-form';
import { JoinInvitation, WrongAccount } from '../components/join-invitation';
import { isolateLtr, roleLabel } from '../lib/team-row';
import type { InvitationPreview } from '../schemas';

/** A first visit opens in the language the inviter chose; a reader's own choice is kept. */
function useInvitationLanguage(preview: InvitationPreview | undefined) {
  useEffect(() => {
    if (!preview) return;
    let stored: string | null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      stored = null;
    }
    if (!stored && (preview.language === 'en' || preview.language === 'ar')) void changeLanguage(preview.language);
  }, [preview]);
}

function Closed({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('users');
  const { status } = useAuth();
  return (
    <EmptyState
      icon={MailX}
      title={title}
      description={description}
      data-testid="invite-closed"
      action={
        <Button asChild variant="outline">
          {status === 'signed_in' ? (
            <Link to={paths.dashboard.root.getHref()}>{t('accept.go_to_dashboard')}</Link>
          ) : (
            <Link to={paths.home.getHref()}>{t('accept.go_home')}</Link>
          )}
        </Button>
      }
    />
  );
}

/**
 * `/invite/<token>`, the link of the invitation e-mail (issue 14): who invites whom as what; the
 * invitee signs in or up with the invited address (a code by e-mail) and joins. Another account
 * is asked to sign out; a cancelled, used, expired or unknown invitation says so.
 */
export function AcceptInvitationPage() {
  const { t, i18n } = useTranslation('users');
  const { token = '' } = useParams();
  const auth = useAuth();
  const preview = useInvitationPreview(token);
  const { timeZone } = useOrganizationSettings();
  useInvitationLanguage(preview.data);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  const body = (() => {
    if (preview.isPending) return <Spinner label={t('accept.loading')} className="py-12" />;
    if (preview.isError) {
      const failure = toAppError(preview.error);
      return failure.kind === 'not_found' || failure.messageKey === 'errors.db.invitation_invalid' ? (
        <Closed title={t('accept.invalid_title')} description={t('accept.invalid_description')} />
      ) : (
        <EmptyState
          title={getErrorMessage(preview.error)}
          action={<Button onClick={() => void preview.refetch()}>{t('common:actions.try_again')}</Button>}
        />
      );
    }
    const invitation = preview.data;
    if (invitation.status !== 'pending') {
      return <Closed title={t(`accept.${invitation.status}_title`)} description={t('accept.ask_again')} />;
    }
    const organization = localized(language, invitation.organization_name, invitation.organization_name_ar);
    const role = roleLabel({ key: invitation.role_key, name: invitation.role_name }, t);
    const signedInAs = auth.user?.email?.toLowerCase() ?? '';
    return (
      <Card>
        <CardContent className="flex flex-col gap-6 p-6">
          <div data-testid="invite-summary">
            <h2 className="text-xl font-bold text-stone-900">{t('accept.heading', { organization })}</h2>
            <p className="mt-2 text-stone-700">
              {t('accept.summary', { organization, email: isolateLtr(invitation.email), role })}
            </p>
            <p className="mt-1 text-sm text-stone-600">
              {t('accept.valid_until', { date: formatDateTime(invitation.expires_at, language, timeZone) })}
            </p>
          </div>
          {auth.status === 'loading' ? (
            <Spinner label={t('common:loading')} />
          ) : auth.status !== 'signed_in' ? (
            <EmailCodeForm email={invitation.email} token={token} />
          ) : signedInAs === invitation.email.toLowerCase() ? (
            <JoinInvitation token={token} email={invitation.email} organization={organization} />
          ) : (
            <WrongAccount email={invitation.email} />
          )}
        </CardContent>
      </Card>
    );
  })();

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6">
      <PageHeader title={t('accept.title')} />
      {body}
    </div>
  );
}
