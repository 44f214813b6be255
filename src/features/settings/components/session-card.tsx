import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useMySessions, type SessionRow } from '../api/session-list';
import { useSignOutOtherSessions, useSignOutSession } from '../api/session-sign-out';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';
import { SessionList } from './session-list';
import { describeDevice } from './session-device';

export interface SessionCardProps {
  /** "Sign out everywhere" (this device included), which the security tab owns. */
  onSignOutEverywhere: () => void;
}

/**
 * Settings → Security → active sessions (issue 14): every browser and phone signed in to this
 * account, this one marked; sign out one of the others, or all of them at once (both ask first).
 * A signed-out browser loses its session at its next token refresh.
 */
export function SessionCard({ onSignOutEverywhere }: SessionCardProps) {
  const { t } = useTranslation('settings');
  const sessions = useMySessions();
  const signOutOthers = useSignOutOtherSessions();
  const signOutOne = useSignOutSession();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [ending, setEnding] = useState<SessionRow | null>(null);
  const others = sessions.data?.filter((s) => !s.is_current).length ?? 0;
  const endingDevice = ending ? describeDevice(ending.user_agent) : null;

  return (
    <Card data-testid="sessions">
      <CardHeader>
        <CardTitle>{t('security.sessions.title')}</CardTitle>
        <CardDescription>{t('security.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? <Spinner label={t('security.sessions.loading')} /> : null}
        {sessions.error ? (
          <SecurityAlert
            title={t('security.sessions.errors.load_failed')}
            reason={securityErrorReason(sessions.error, t)}
          />
        ) : null}
        {sessions.data ? <SessionList sessions={sessions.data} onSignOut={setEnding} /> : null}
        {sessions.data && others === 0 ? (
          <p className="text-sm text-stone-600" data-testid="sessions-only-this">
            {t('security.sessions.only_this')}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            disabled={others === 0 || signOutOthers.isPending}
            onClick={() => setConfirmOthers(true)}
            data-testid="sign-out-others"
          >
            {t('security.sessions.sign_out_others')}
          </Button>
          <Button variant="destructive" onClick={onSignOutEverywhere} data-testid="sign-out-everywhere">
            {t('security.sessions.sign_out_everywhere')}
          </Button>
        </div>
      </CardContent>

      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t('security.sessions.others_dialog.title')}
        description={t('security.sessions.others_dialog.description', { count: others })}
        confirmLabel={t('security.sessions.sign_out_others')}
        cancelLabel={t('security.cancel')}
        destructive
        confirmTestId="sign-out-others-confirm"
        onConfirm={() => signOutOthers.mutate()}
      />
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => (open ? null : setEnding(null))}
        title={t('security.sessions.one_dialog.title')}
        description={t('security.sessions.one_dialog.description', {
          browser: endingDevice?.browser ?? t('security.sessions.unknown_browser'),
          ip: ending?.ip ?? t('security.sessions.unknown_ip'),
        })}
        confirmLabel={t('security.sessions.sign_out')}
        cancelLabel={t('security.cancel')}
        destructive
        confirmTestId="session-sign-out-confirm"
        onConfirm={() => {
          if (ending) signOutOne.mutate(ending.id);
        }}
      />
    </Card>
  );
}
