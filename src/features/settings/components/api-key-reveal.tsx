import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { CreatedApiKey } from '../api/create-api-key';

export interface ApiKeyRevealProps {
  created: CreatedApiKey;
  onDone: () => void;
}

/**
 * The new key, the one time it exists on screen: read-only, left to right, with a copy button and
 * a warning that it will not be shown again (the database keeps only its SHA-256). Focus moves
 * here so a keyboard or screen-reader user meets it at once.
 */
export function ApiKeyReveal({ created, onDone }: ApiKeyRevealProps) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = `api-key-new-${created.id}`;

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('yes');
    } catch {
      // No clipboard (an old browser, a denied permission): the key stays selected to copy by hand.
      inputRef.current?.select();
      setCopied('failed');
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="api-key-reveal"
    >
      <h4 id={headingId} className="font-semibold text-stone-900">
        {t('security.api_keys.reveal.title', { name: created.name })}
      </h4>
      <p className="flex items-start gap-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t('security.api_keys.reveal.warning')}</span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          readOnly
          value={created.key}
          dir="ltr"
          aria-label={t('security.api_keys.reveal.key_label')}
          className="font-mono text-xs sm:text-sm"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-value"
        />
        <Button type="button" variant="outline" onClick={() => void handleCopy()} data-testid="api-key-copy">
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? t('security.api_keys.reveal.copied') : t('security.api_keys.reveal.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-stone-700">
        {copied === 'yes' ? t('security.api_keys.reveal.copied_status') : null}
        {copied === 'failed' ? t('security.api_keys.reveal.copy_failed') : null}
      </p>
      <Button type="button" className="self-start" onClick={onDone} data-testid="api-key-reveal-done">
        {t('security.api_keys.reveal.done')}
      </Button>
    </section>
  );
}
