import { useMutation } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import type { Language } from '@/lib/i18n';
import { supabase } from '@/lib/supabase';
import { renderedMessageSchema, type RenderedMessage } from '../lib/message-template-schema';

export interface MessagePreviewInput {
  booking_id: string;
  drafts: Record<Language, { body: string; subject: string }>;
}

/**
 * The unsaved draft rendered by the database for a real booking, in both languages
 * (render_message_text, messages.read): the same values the guest would get.
 */
export async function renderMessagePreview({
  booking_id,
  drafts,
}: MessagePreviewInput): Promise<Record<Language, RenderedMessage>> {
  const render = (language: Language) =>
    run(
      supabase.rpc('render_message_text', {
        body: drafts[language].body,
        subject: drafts[language].subject || undefined,
        booking_id,
        language,
      }),
      { schema: renderedMessageSchema },
    );
  const [en, ar] = await Promise.all([render('en'), render('ar')]);
  return { en, ar };
}

export function useRenderMessagePreview() {
  return useMutation({
    mutationFn: renderMessagePreview,
    retry: false,
    meta: { errorTitle: 'messaging:errors.preview_failed' },
  });
}
