import { z } from 'zod';
import { run } from '@/lib/fetch';
import { changeLanguage, currentLanguage, type Language } from '@/lib/i18n';
import { reportError } from '@/lib/report-error';
import { supabase } from '@/lib/supabase';

/**
 * The interface language for a profile's preferred language (en / ar / es): Arabic is Arabic,
 * everything else English (Spanish is stored but not translated yet: SPEC §2, Profile).
 */
export function uiLanguageOf(preferred: string | null | undefined): Language | null {
  if (preferred === 'ar') return 'ar';
  if (preferred === 'en' || preferred === 'es') return 'en';
  return null;
}

/** The signed-in user's preferred language (profiles_select: a member reads their own row), or null without a profile. */
export async function getProfileLanguage(userId: string): Promise<string | null> {
  const rows = await run(supabase.from('profiles').select('preferred_language').eq('user_id', userId).limit(1), {
    schema: z.array(z.object({ preferred_language: z.string().nullable() })),
  });
  return rows[0]?.preferred_language ?? null;
}

/**
 * The language rule (issue 14): at sign-in the profile's language wins over this browser's last
 * choice, so a member who chose Arabic on one device gets Arabic on the next; while signed in,
 * the header's switch saves the choice back to the profile (saveProfileLanguage). Restoring a
 * stored session on a page load is not a sign-in: the browser's choice stands then. A profile
 * that cannot be read leaves the language as it is.
 */
export async function applyProfileLanguage(userId: string): Promise<void> {
  try {
    const language = uiLanguageOf(await getProfileLanguage(userId));
    if (language && language !== currentLanguage()) await changeLanguage(language);
  } catch (error) {
    reportError(error, 'profile language at sign-in');
  }
}

/**
 * Saves a language chosen in the header as the signed-in user's preferred language. English
 * does not overwrite Spanish: Spanish shows English until it is translated, so choosing
 * English while Spanish is stored changes nothing for this person.
 */
export async function saveProfileLanguage(userId: string, language: Language): Promise<void> {
  let update = supabase.from('profiles').update({ preferred_language: language }).eq('user_id', userId);
  if (language === 'en') update = update.neq('preferred_language', 'es');
  await run(update);
}
