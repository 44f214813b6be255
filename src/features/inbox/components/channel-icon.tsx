import { Mail, MessageCircle, MessageSquareText } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { MessageChannel } from '../schemas';

const ICONS = { whatsapp: MessageCircle, sms: MessageSquareText, email: Mail } as const;
const COLOURS = { whatsapp: 'text-emerald-700', sms: 'text-sky-700', email: 'text-stone-600' } as const;

/** A channel's icon; decorative — the text beside it (or an sr-only label) names the channel. */
export function ChannelIcon({ channel, className }: { channel: MessageChannel; className?: string }) {
  const Icon = ICONS[channel];
  return <Icon aria-hidden="true" className={cn('size-4 shrink-0', COLOURS[channel], className)} />;
}
