import { CalendarCheck, Clock, Heart, LinkIcon, MailCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { useDocumentTitle } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import {
  linkStateOf,
  TOKEN_PATTERN,
  useReviewInvitation,
  type LinkState,
  type ReviewInvitation,
} from '../api/review-link';
import { ReviewForm } from '../components/review-form';

function Shell({ siteName, children }: { siteName?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-2xl items-center gap-3 px-4">
          <p className="min-w-0 flex-1 truncate text-lg font-bold text-stone-900">{siteName ?? ''}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

const STATE_ICONS = { invalid: LinkIcon, used: MailCheck, expired: Clock } as const;

/** Why this link cannot take a review: each case says so in its own words. */
function LinkUnusable({ state }: { state: LinkState }) {
  const { t } = useTranslation('review-link');
  useDocumentTitle(t(`state.${state}.title`));
  return (
    <Shell>
      <EmptyState
        icon={STATE_ICONS[state]}
        titleAs="h1"
        title={t(`state.${state}.title`)}
        description={t(`state.${state}.description`)}
        data-testid={`review-link-${state}`}
      />
    </Shell>
  );
}

function Thanks({ siteName, guest }: { siteName: string; guest: string }) {
  const { t } = useTranslation('review-link');
  useDocumentTitle(t('thanks.title', { name: guest }));
  return (
    <Shell siteName={siteName}>
      <EmptyState
        icon={Heart}
        titleAs="h1"
        title={t('thanks.title', { name: guest })}
        description={t('thanks.description', { site: siteName })}
        data-testid="review-link-thanks"
      />
    </Shell>
  );
}

function ReviewScreen({ token, invitation }: { token: string; invitation: ReviewInvitation }) {
  const { t } = useTranslation('review-link');
  const language = currentLanguage();
  const [outcome, setOutcome] = useState<'sent' | LinkState | null>(null);
  const siteName = localized(language, invitation.organization_name, invitation.organization_name_ar);
  const unitName = localized(language, invitation.unit_name, invitation.unit_name_ar);
  useDocumentTitle(t('form.title'));
  if (outcome === 'sent') return <Thanks siteName={siteName} guest={invitation.guest_first_name} />;
  if (outcome) return <LinkUnusable state={outcome} />;
  return (
    <Shell siteName={siteName}>
      <section aria-labelledby="review-title" className="flex flex-col gap-2">
        <h1 id="review-title" className="text-2xl font-bold text-stone-900">
          {t('form.greeting', { name: invitation.guest_first_name })}
        </h1>
        <p className="text-stone-700">{t('form.intro', { site: siteName })}</p>
      </section>
      <dl
        className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
        data-testid="review-stay"
      >
        <div>
          <dt className="text-xs text-stone-600">{t('stay.unit')}</dt>
          <dd className="font-medium text-stone-900">{unitName}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{t('stay.dates')}</dt>
          <dd className="flex items-center gap-1.5 font-medium text-stone-900">
            <CalendarCheck aria-hidden="true" className="size-4 text-stone-500" />
            {t('stay.range', {
              from: formatDate(invitation.check_in, language),
              to: formatDate(invitation.check_out, language),
            })}
          </dd>
        </div>
      </dl>
      <ReviewForm token={token} onSent={() => setOutcome('sent')} onLinkState={setOutcome} />
    </Shell>
  );
}

/** `/review/:token`: the guest rates a stay through the single-use link sent after check-out. */
export function ReviewLinkPage() {
  const { token = '' } = useParams();
  const normalized = token.trim().toLowerCase();
  if (!TOKEN_PATTERN.test(normalized)) return <LinkUnusable state="invalid" />;
  return <ReviewLinkLoader token={normalized} />;
}

function ReviewLinkLoader({ token }: { token: string }) {
  const { t } = useTranslation('review-link');
  const invitation = useReviewInvitation(token);
  if (invitation.isPending)
    return <Spinner label={t('common:loading')} className="m-auto min-h-dvh w-full justify-center" />;
  if (invitation.isError) {
    const state = linkStateOf(invitation.error);
    if (state) return <LinkUnusable state={state} />;
    return (
      <Shell>
        <EmptyState
          titleAs="h1"
          title={t('load_failed')}
          description={getErrorMessage(invitation.error)}
          action={<Button onClick={() => void invitation.refetch()}>{t('common:actions.try_again')}</Button>}
        />
      </Shell>
    );
  }
  return <ReviewScreen token={token} invitation={invitation.data} />;
}
