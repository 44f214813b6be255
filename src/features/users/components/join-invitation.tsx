import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useAcceptInvitation } from '../api/accept-invitation';
import { isolateLtr } from '../lib/team-row';

/** Signed in with the invited address: one press joins the organisation, then the dashboard. */
export function JoinInvitation({ token, email, organization }: { token: string; email: string; organization: string }) {
  const { t } = useTranslation('users');
  const auth = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);

  const handleJoin = async () => {
    setError(null);
    try {
      await accept.mutateAsync(token);
      // The account now has a profile and an organisation: load it before the dashboard asks.
      await auth.reloadAccount();
      toast.success(t('accept.welcome', { organization }));
      await navigate(paths.dashboard.root.getHref(), { replace: true });
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="invite-join">
      <h2 className="text-lg font-semibold text-stone-900">{t('accept.join_title', { email: isolateLtr(email) })}</h2>
      {error ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          data-testid="invite-join-error"
        >
          {error}
        </p>
      ) : null}
      <Button onClick={() => void handleJoin()} disabled={accept.isPending} data-testid="invite-accept">
        {accept.isPending ? t('accept.joining') : t('accept.join', { organization })}
      </Button>
    </div>
  );
}

/** Signed in with another account: the invitation is not theirs to accept; sign out and go on. */
export function WrongAccount({ email }: { email: string }) {
  const { t } = useTranslation('users');
  const auth = useAuth();
  const current = auth.user?.email || (auth.user?.phone ? `+${auth.user.phone.replace(/^\+/, '')}` : '');
  return (
    <div className="flex flex-col gap-3" data-testid="invite-wrong-account">
      <h2 className="text-lg font-semibold text-stone-900">
        {t('accept.wrong_account_title', { current: isolateLtr(current) })}
      </h2>
      <p className="text-sm text-stone-700">{t('accept.wrong_account_description', { email: isolateLtr(email) })}</p>
      <Button variant="outline" onClick={() => void auth.signOut('local')} data-testid="invite-sign-out">
        {t('accept.sign_out')}
      </Button>
    </div>
  );
}
