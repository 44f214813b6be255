import { ExternalLink, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useRenderedTemplate } from '../api/render-template';
import { useSendMessage } from '../api/send-message';
import { MAX_LENGTH, preferredChannel, reachableChannels, sendRefusalOf } from '../lib/channels';
import { smsLength } from '../lib/sms-segments';
import { openChatApp, whatsappChatLink } from '../lib/wa-link';
import type { Conversation, MessageChannel, MessageTemplate, WhatsappWindow } from '../schemas';
import { TemplatePicker } from './template-picker';
import { WhatsappWindowNote } from './whatsapp-window-note';

/** A fresh key per draft: a retry of the same draft after a lost answer cannot send it twice. */
function newDraftKey(): string {
  return crypto.randomUUID();
}

/** Phones type a new line with Enter; a desktop keyboard sends with it (Shift+Enter: new line). */
function enterSends(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;
}

export interface ComposerProps {
  conversation: Conversation;
  templates: MessageTemplate[];
  /** Undefined while loading; when it cannot be read, pass it as not connected. */
  whatsappWindow: WhatsappWindow | undefined;
  language: Language;
  timeZone: string;
}

/**
 * The reply box of a thread: a channel the guest can receive, an optional template (previewed as
 * the server renders it for the guest's stay and language), the WhatsApp window, a counter, and
 * Send. The draft stays in the box until the server has accepted it.
 */
export function Composer({ conversation, templates, whatsappWindow, language, timeZone }: ComposerProps) {
  const { t } = useTranslation('inbox');
  const ids = useId();
  const clientId = conversation.client_id;
  const connected = whatsappWindow?.connected === true;
  const channels = reachableChannels(conversation, connected);
  const [chosenChannel, setChannel] = useState<MessageChannel | null>(null);
  const channel =
    chosenChannel && channels.includes(chosenChannel)
      ? chosenChannel
      : preferredChannel(channels, conversation.last_channel);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [subject, setSubject] = useState('');
  const [draftKey, setDraftKey] = useState(newDraftKey);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMessage(conversation.conversation_key);

  const guestLanguage = conversation.preferred_language === 'en' ? 'en' : 'ar';
  const rendered = useRenderedTemplate(templateId, conversation.booking_id, guestLanguage);
  // The preview replaces the draft once per template chosen (adjusted while rendering, not in an effect).
  const [appliedRender, setAppliedRender] = useState<string | null>(null);
  // Keyed by the choice only: a later refetch of the preview must not overwrite the user's edits.
  const renderKey = templateId && rendered.data ? templateId : null;
  if (renderKey && renderKey !== appliedRender && rendered.data) {
    setAppliedRender(renderKey);
    setBody(rendered.data.body);
    setSubject(rendered.data.subject ?? '');
  }

  const template = templates.find((item) => item.id === templateId) ?? null;
  const windowClosed = channel === 'whatsapp' && whatsappWindow?.open !== true;
  // Outside the window only an approved WhatsApp template may go, exactly as approved.
  const lockedToTemplate = windowClosed && template?.whatsapp_template_name != null;
  const editedFromTemplate = template !== null && rendered.data !== undefined && body !== rendered.data.body;
  const sendsTemplate = template !== null && (lockedToTemplate || !editedFromTemplate);

  if (!clientId) {
    return <ComposerNote>{t('composer.unknown_sender')}</ComposerNote>;
  }
  if (conversation.opted_out) {
    return <ComposerNote testId="composer-opted-out">{t('composer.opted_out')}</ComposerNote>;
  }
  // Until the WhatsApp state is known the channel could still change under the typing hand.
  if (whatsappWindow === undefined && conversation.client_phone) {
    return <Skeleton className="m-3 h-28" />;
  }
  if (channel === null) {
    return <ComposerNote>{t('composer.no_channel')}</ComposerNote>;
  }

  const max = MAX_LENGTH[channel];
  const tooLong = body.length > max;
  const whatsappReady = channel !== 'whatsapp' || connected;
  const canSend =
    !send.isPending && body.trim().length > 0 && !tooLong && (!windowClosed || lockedToTemplate) && whatsappReady;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend || !clientId || channel === null) return;
    setProblem(null);
    send.mutate(
      {
        clientId,
        channel,
        body,
        bookingId: conversation.booking_id,
        templateId: sendsTemplate ? templateId : null,
        subject: channel === 'email' ? subject.trim() || null : null,
        idempotencyKey: draftKey,
      },
      {
        onSuccess: () => {
          setBody('');
          setSubject('');
          setTemplateId(null);
          setAppliedRender(null);
          setDraftKey(newDraftKey());
        },
        onError: (error) => {
          const refusal = sendRefusalOf(error);
          setProblem(refusal ? t(`refusals.${refusal}`) : `${getErrorMessage(error)} ${t('refusals.draft_kept')}`);
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || !enterSends()) return;
    event.preventDefault();
    submit();
  }

  function openInWhatsapp() {
    const link = whatsappChatLink(conversation.client_phone ?? '', body);
    setProblem(link && openChatApp(link) ? null : t('composer.open_failed'));
  }

  const sms = channel === 'sms' ? smsLength(body) : null;
  const unknown = rendered.data?.unknown ?? [];

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 border-t border-stone-200 bg-white p-3"
      aria-label={t('composer.label')}
    >
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-32 flex-col gap-1 text-xs font-medium text-stone-700" htmlFor={`${ids}-channel`}>
          {t('composer.channel')}
          <Select
            id={`${ids}-channel`}
            value={channel}
            onChange={(event) => setChannel(event.target.value as MessageChannel)}
            data-testid="composer-channel"
          >
            {channels.map((value) => (
              <option key={value} value={value}>
                {t(`channels.${value}`)}
              </option>
            ))}
          </Select>
        </label>
        <TemplatePicker
          id={`${ids}-template`}
          templates={templates}
          value={templateId}
          onlyApproved={windowClosed}
          onChange={(id) => {
            setTemplateId(id);
            setAppliedRender(null);
            if (id === null) setBody('');
          }}
        />
      </div>
      {channel === 'whatsapp' ? (
        <WhatsappWindowNote whatsappWindow={whatsappWindow} language={language} timeZone={timeZone} />
      ) : null}
      {channel === 'email' ? (
        <label className="flex flex-col gap-1 text-xs font-medium text-stone-700" htmlFor={`${ids}-subject`}>
          {t('composer.subject')}
          <Input
            id={`${ids}-subject`}
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.target.value)}
          />
        </label>
      ) : null}
      <label className="sr-only" htmlFor={`${ids}-body`}>
        {template ? t('composer.preview') : t('composer.message')}
      </label>
      <Textarea
        id={`${ids}-body`}
        dir="auto"
        rows={3}
        value={body}
        readOnly={lockedToTemplate}
        placeholder={t('composer.placeholder')}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${ids}-counter`}
        data-testid="composer-body"
      />
      {lockedToTemplate ? <p className="text-xs text-stone-600">{t('composer.template_locked')}</p> : null}
      {unknown.length > 0 ? (
        <p className="text-xs text-amber-800">{t('composer.unknown_variables', { names: unknown.join(', ') })}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <p id={`${ids}-counter`} className={tooLong ? 'text-xs font-medium text-red-700' : 'text-xs text-stone-600'}>
          {sms
            ? t('composer.sms_counter', {
                length: formatNumber(body.length, language),
                segments: formatNumber(sms.segments, language),
              })
            : t('composer.counter', { length: formatNumber(body.length, language), max: formatNumber(max, language) })}
        </p>
        <span className="hidden text-xs text-stone-600 lg:inline">{t('composer.enter_hint')}</span>
        <span className="ms-auto flex gap-2">
          {conversation.client_phone ? (
            <Button type="button" variant="outline" size="sm" onClick={openInWhatsapp} data-testid="open-whatsapp">
              <ExternalLink aria-hidden="true" />
              {t('composer.open_whatsapp')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={!canSend} data-testid="composer-send">
            <Send aria-hidden="true" className="rtl:-scale-x-100" />
            {send.isPending ? t('composer.sending') : t('composer.send')}
          </Button>
        </span>
      </div>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800" data-testid="composer-problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ComposerNote({ children, testId }: { children: string; testId?: string }) {
  return (
    <p
      className="border-t border-stone-200 bg-stone-50 p-4 text-sm text-stone-700"
      data-testid={testId ?? 'composer-note'}
    >
      {children}
    </p>
  );
}
