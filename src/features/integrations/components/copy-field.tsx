import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A value to paste elsewhere (the webhook URL for Meta's app settings) with a Copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-stone-600">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code
          dir="ltr"
          className="rounded bg-stone-100 px-2 py-1 text-xs break-all text-stone-900"
          data-testid={testId}
        >
          {value}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void handleCopy()}>
          {copied ? t('messaging.copied') : t('messaging.copy')}
        </Button>
      </div>
    </div>
  );
}
