import { CheckCircle2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { PublicRestError } from '@/lib/public-rest';
import { useHydrated } from '@/lib/use-hydrated';
import { submitContactRequest } from '../api/submit-contact-request';
import {
  CONTACT_LIMITS,
  contactRefusal,
  contactRequestArgs,
  EMPTY_CONTACT,
  validateContact,
  type ContactError,
  type ContactField,
  type ContactValues,
} from '../lib/contact';

/** The phone rules (libphonenumber, zod) load only when a visitor sends a phone number. */
const loadPhoneRules = () => import('@/domain/phone');

/**
 * The landing's contact form (issue 12): name, phone or e-mail, message and consent, sent to the
 * platform operator through submit_contact_request(). A refusal is shown in the visitor's
 * language and everything typed stays; success shows a confirmation.
 */
export function ContactForm() {
  const { t } = useTranslation('landing');
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<Partial<Record<ContactField, ContactError>>>({});
  const [failure, setFailure] = useState<ContactError | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const set = <K extends keyof ContactValues>(name: K, value: ContactValues[K]) =>
    setValues((old) => ({ ...old, [name]: value }));
  const message = (field: ContactField) => (errors[field] ? t(`contact.errors.${errors[field]}`) : undefined);

  const showErrors = (found: Partial<Record<ContactField, ContactError>>) => {
    setErrors(found);
    // The first refused field gets the focus, so a keyboard or screen-reader user lands on it.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    setSending(true);
    try {
      const phoneE164 = values.phone.trim() ? (await loadPhoneRules()).normalizeGuestPhone(values.phone) : null;
      const found = validateContact(values, phoneE164);
      if (Object.keys(found).length > 0) {
        showErrors(found);
        return;
      }
      setErrors({});
      await submitContactRequest(contactRequestArgs(values, phoneE164, currentLanguage()));
      setSent(true);
    } catch (error) {
      const refusal =
        error instanceof PublicRestError
          ? contactRefusal(error.status, error.hint)
          : // The phone rules' chunk did not load: the connection dropped.
            contactRefusal(0, null);
      if (refusal.field) showErrors({ [refusal.field]: refusal.error });
      else setFailure(refusal.error);
    } finally {
      setSending(false);
    }
  };

  const handleAnother = () => {
    setValues(EMPTY_CONTACT);
    setSent(false);
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl bg-white p-6" data-testid="contact-sent">
        <CheckCircle2 aria-hidden="true" className="size-8 text-emerald-700" />
        <p className="text-lg font-semibold text-stone-900">{t('contact.sent_title')}</p>
        <p className="text-stone-700">{t('contact.sent_body')}</p>
        <Button variant="outline" onClick={handleAnother}>
          {t('contact.send_another')}
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('contact.form_label')}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4 rounded-xl bg-white p-6"
      data-testid="contact-form"
    >
      <fieldset disabled={!hydrated} className="contents">
        <Field label={t('contact.name')} error={message('name')}>
          <Input
            name="name"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
          />
        </Field>
        <p className="text-sm text-stone-700">{t('contact.reach_hint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('contact.phone')}
            hint={t('contact.phone_hint')}
            error={message('phone') ?? message('contact')}
          >
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              className="text-start"
              value={values.phone}
              onFocus={() => void loadPhoneRules().catch(() => undefined)}
              onChange={(event) => set('phone', event.target.value)}
            />
          </Field>
          <Field label={t('contact.email')} error={message('email')}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              className="text-start"
              maxLength={CONTACT_LIMITS.email}
              value={values.email}
              onChange={(event) => set('email', event.target.value)}
            />
          </Field>
        </div>
        <Field label={t('contact.message')} error={message('message')}>
          <Textarea
            name="message"
            rows={5}
            maxLength={CONTACT_LIMITS.message}
            value={values.message}
            onChange={(event) => set('message', event.target.value)}
          />
        </Field>
        <ConsentField
          checked={values.consent}
          error={message('consent')}
          onChange={(checked) => set('consent', checked)}
        />
        {failure ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
            data-testid="contact-error"
          >
            {t(`contact.errors.${failure}`)}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={sending} className="self-start">
          {sending ? t('contact.sending') : t('contact.submit')}
        </Button>
      </fieldset>
    </form>
  );
}

function ConsentField({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('landing');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2 text-sm text-stone-800">
        <input
          id="contact-consent"
          name="consent"
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-primary-700"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'contact-consent-error' : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="contact-consent">
          {t('contact.consent')}{' '}
          <Link to={paths.privacy.getHref()} className="font-medium text-primary-800 underline">
            {t('contact.privacy_link')}
          </Link>
          .
        </label>
      </div>
      {error ? (
        <p id="contact-consent-error" role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
