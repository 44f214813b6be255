import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { getEnv } from '@/config/env';
import { maskSecret, secondsUntilExpiry, useAuth } from '@/lib/auth';
import { isValidSession } from '@/lib/auth/session';
import { getEnvironment } from '@/lib/environment';
import { getErrorMessage } from '@/lib/errors';
import { authStorage } from '@/lib/supabase';
import { diagnosticsKeys, testRefresh, useAssurance, useJwks, useReachability } from '../api/diagnostics';
import { DiagRow, DiagSection } from '../components/diagnostics-parts';
import { verifyJwtWithJwks } from '../lib/verify-jwt';

/** Claims worth showing; never the token itself. */
const SHOWN_CLAIMS = ['sub', 'role', 'aud', 'aal', 'iss', 'session_id', 'is_anonymous', 'iat', 'exp'] as const;

/**
 * SPEC §2 /auth-diagnostics: what support needs to see about this browser's session without
 * ever seeing a whole token or secret (tokens are shown masked; only claims are listed).
 */
export function AuthDiagnosticsPage() {
  const { t, i18n } = useTranslation('auth');
  const auth = useAuth();
  const session = auth.session;
  const [now] = useState(() => Date.now());
  const jwks = useJwks(Boolean(session));
  const assurance = useAssurance(session?.access_token);
  const reachability = useReachability();
  const token = useQuery({
    queryKey: [...diagnosticsKeys.all, 'verify', session?.access_token ?? 'none', jwks.dataUpdatedAt],
    queryFn: () => verifyJwtWithJwks(session?.access_token ?? '', jwks.data ?? {}),
    enabled: Boolean(session && jwks.data),
  });
  const refresh = useMutation({ mutationFn: testRefresh, retry: false, meta: { skipErrorToast: true } });
  const env = getEnv();
  const expiresIn = secondsUntilExpiry(session?.expires_at, now);
  const yesNo = (value: boolean) => (value ? t('diagnostics.yes') : t('diagnostics.no'));
  const remember = authStorage.getRemember();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <PageHeader title={t('auth_diagnostics.title')} description={t('auth_diagnostics.description')} />

      <DiagSection title={t('diagnostics.session')} testId="diag-session">
        <DiagRow label={t('diagnostics.present')} verdict={session ? 'ok' : 'none'} testId="diag-present">
          {yesNo(Boolean(session))}
        </DiagRow>
        <DiagRow
          label={t('diagnostics.valid')}
          verdict={session ? (isValidSession(session) ? 'ok' : 'fail') : 'none'}
          testId="diag-valid"
        >
          {yesNo(Boolean(session && isValidSession(session)))}
        </DiagRow>
        <DiagRow label={t('diagnostics.expires_in')} testId="diag-expires">
          {expiresIn === null ? '—' : t('diagnostics.seconds', { count: expiresIn })}
        </DiagRow>
        {session ? (
          <>
            <DiagRow label={t('diagnostics.user_id')} ltr>
              {session.user.id}
            </DiagRow>
            <DiagRow label={t('diagnostics.access_token')} ltr testId="diag-access-token">
              {maskSecret(session.access_token)}
            </DiagRow>
            <DiagRow label={t('diagnostics.refresh_token')} ltr>
              {maskSecret(session.refresh_token)}
            </DiagRow>
          </>
        ) : null}
        <DiagRow label={t('diagnostics.remember')}>
          {remember.remember && remember.until
            ? t('diagnostics.remember_until', { date: new Date(remember.until).toLocaleString(i18n.language) })
            : t('diagnostics.remember_off')}
        </DiagRow>
      </DiagSection>

      <DiagSection title={t('diagnostics.refresh_test')}>
        <DiagRow
          label={t('diagnostics.refresh_test')}
          verdict={refresh.data ? (refresh.data.ok ? 'ok' : 'fail') : 'none'}
          testId="diag-refresh"
        >
          <span className="flex flex-wrap items-center gap-3">
            <Button
              size="sm"
              variant="outline"
              disabled={!session || refresh.isPending}
              onClick={() => refresh.mutate()}
              data-testid="diag-refresh-run"
            >
              {t('diagnostics.run_refresh')}
            </Button>
            {refresh.data?.ok ? t('diagnostics.refresh_ok', { count: refresh.data.attempts }) : null}
            {refresh.data && !refresh.data.ok
              ? `${t('diagnostics.refresh_failed')} ${getErrorMessage(refresh.data.error)}`
              : null}
          </span>
        </DiagRow>
      </DiagSection>

      <DiagSection title={t('diagnostics.token')} testId="diag-token">
        <DiagRow
          label={t('diagnostics.signature')}
          verdict={token.data ? (token.data.ok ? 'ok' : token.data.problem === 'symmetric' ? 'none' : 'fail') : 'none'}
          testId="diag-signature"
        >
          {!session
            ? t('diagnostics.no_session')
            : jwks.error
              ? `${t('diagnostics.jwks_unreachable')} ${getErrorMessage(jwks.error)}`
              : token.data
                ? token.data.ok
                  ? t('diagnostics.signature_ok', { alg: token.data.alg, kid: token.data.kid ?? '—' })
                  : t(`diagnostics.problems.${token.data.problem}`)
                : t('diagnostics.checking')}
        </DiagRow>
        {token.data?.ok
          ? SHOWN_CLAIMS.filter((claim) => token.data.ok && token.data.claims[claim] !== undefined).map((claim) => (
              <DiagRow key={claim} label={claim} ltr>
                {token.data.ok ? String(token.data.claims[claim]) : ''}
              </DiagRow>
            ))
          : null}
      </DiagSection>

      <DiagSection title={t('diagnostics.assurance')} testId="diag-assurance">
        <DiagRow label={t('diagnostics.aal_current')} ltr testId="diag-aal">
          {assurance.data?.currentLevel ?? '—'}
        </DiagRow>
        <DiagRow label={t('diagnostics.aal_next')} ltr>
          {assurance.data?.nextLevel ?? '—'}
        </DiagRow>
        <DiagRow label={t('diagnostics.factors')}>
          {assurance.data && assurance.data.factors.length > 0
            ? assurance.data.factors
                .map(
                  (factor) => `${factor.friendly_name ?? factor.factor_type} (${factor.factor_type}, ${factor.status})`,
                )
                .join(' · ')
            : t('diagnostics.none')}
        </DiagRow>
      </DiagSection>

      <DiagSection title={t('diagnostics.storage')} testId="diag-storage">
        {authStorage.keys().length === 0 ? (
          <DiagRow label={t('diagnostics.keys')}>{t('diagnostics.none')}</DiagRow>
        ) : null}
        {authStorage.keys().map((entry) => (
          <DiagRow
            key={`${entry.where}:${entry.key}`}
            label={entry.where === 'local' ? 'localStorage' : 'sessionStorage'}
            ltr
          >
            {entry.key}
          </DiagRow>
        ))}
      </DiagSection>

      <DiagSection title={t('diagnostics.environment')}>
        <DiagRow label={t('diagnostics.environment')} ltr>
          {getEnvironment()}
        </DiagRow>
        <DiagRow label={t('diagnostics.api_url')} ltr>
          {env.VITE_SUPABASE_URL}
        </DiagRow>
        <DiagRow label={t('diagnostics.version')} ltr>{`${env.APP_VERSION} (${env.MODE})`}</DiagRow>
        <DiagRow label={t('diagnostics.online')}>{yesNo(navigator.onLine)}</DiagRow>
      </DiagSection>

      <DiagSection title={t('diagnostics.reachability')} testId="diag-reachability">
        {(reachability.data ?? []).map((probe) => (
          <DiagRow
            key={probe.service}
            label={t(`diagnostics.services.${probe.service}`)}
            verdict={probe.ok ? 'ok' : 'fail'}
            testId={`diag-reach-${probe.service}`}
          >
            {probe.status === null
              ? t('diagnostics.unreachable')
              : t('diagnostics.reach_status', { status: probe.status, ms: probe.ms })}
          </DiagRow>
        ))}
        {reachability.isPending ? (
          <DiagRow label={t('diagnostics.reachability')}>{t('diagnostics.checking')}</DiagRow>
        ) : null}
      </DiagSection>
    </div>
  );
}
