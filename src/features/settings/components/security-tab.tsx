import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useFactors } from '../api/mfa-factors';
import { ApiKeysCard } from './api-keys-card';
import { MfaEnroll } from './mfa-enroll';
import { MfaFactorList } from './mfa-factor-list';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';
import { SessionCard } from './session-card';

/**
 * Security settings: API keys, two-step verification (TOTP), the active sessions with sign-out of
 * the others, and "sign out everywhere" (scope global).
 */
export function SecurityTab() {
  const { t } = useTranslation('settings');
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const factors = useFactors();
  const [enrolling, setEnrolling] = useState(false);
  const [confirmOut, setConfirmOut] = useState(false);
  const [outError, setOutError] = useState<unknown>(null);

  const handleSignOutEverywhere = async () => {
    try {
      await signOut('global');
      void navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      setOutError(error);
    }
  };

  return (
    <div className="flex flex-col gap-6" data-testid="security-tab">
      <ApiKeysCard />
      <Card>
        <CardHeader>
          <CardTitle>{t('security.mfa.title')}</CardTitle>
          <CardDescription>{t('security.mfa.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {factors.isPending ? <Spinner label={t('security.mfa.loading')} /> : null}
          {factors.error ? (
            <SecurityAlert title={t('security.errors.load_failed')} reason={securityErrorReason(factors.error, t)} />
          ) : null}
          {factors.data ? <MfaFactorList factors={factors.data} /> : null}
          {enrolling ? (
            <MfaEnroll onDone={() => setEnrolling(false)} />
          ) : (
            <Button variant="outline" className="self-start" onClick={() => setEnrolling(true)} data-testid="mfa-add">
              {t('security.mfa.add')}
            </Button>
          )}
        </CardContent>
      </Card>

      {outError ? (
        <SecurityAlert title={t('security.errors.sign_out_failed')} reason={securityErrorReason(outError, t)} />
      ) : null}
      <SessionCard onSignOutEverywhere={() => setConfirmOut(true)} />

      <ConfirmDialog
        open={confirmOut}
        onOpenChange={setConfirmOut}
        title={t('security.sessions.confirm_title')}
        description={t('security.sessions.confirm_description')}
        confirmLabel={t('security.sessions.sign_out_everywhere')}
        cancelLabel={t('security.cancel')}
        destructive
        confirmTestId="sign-out-everywhere-confirm"
        onConfirm={() => void handleSignOutEverywhere()}
      />
    </div>
  );
}
