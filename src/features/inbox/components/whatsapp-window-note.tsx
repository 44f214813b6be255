import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Language } from '@/lib/i18n';
import { formatClock } from '../lib/message-time';
import type { WhatsappWindow } from '../schemas';

/**
 * WhatsApp's 24-hour rule in words: free text until the window closes (the guest's last message
 * plus 24 h), then only an approved template — or SMS.
 */
export function WhatsappWindowNote({
  whatsappWindow,
  language,
  timeZone,
}: {
  whatsappWindow: WhatsappWindow | undefined;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation('inbox');
  if (!whatsappWindow) return null;
  let text: string;
  if (!whatsappWindow.connected) text = t('composer.whatsapp_not_connected');
  else if (whatsappWindow.open && whatsappWindow.closes_at)
    text = t('composer.window_open', { time: formatClock(whatsappWindow.closes_at, language, timeZone) });
  else text = t('composer.window_closed');
  const open = whatsappWindow.connected && whatsappWindow.open;
  return (
    <p
      className={cn('flex items-center gap-1.5 text-xs', open ? 'text-emerald-800' : 'text-amber-800')}
      data-testid="whatsapp-window"
      data-open={open ? 'true' : 'false'}
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </p>
  );
}
