/**
 * The one rule for every text the database keeps in two languages (`name`/`name_ar`,
 * `title`/`title_ar`, `description`/`description_ar`): a reader of Arabic gets the Arabic text
 * when there is one, everyone else — and an Arabic reader of a row without Arabic — gets the
 * default text. Blank Arabic counts as none.
 */
export function localized(language: string, text: string, arabic: string | null | undefined): string;
export function localized(language: string, text: string | null, arabic: string | null | undefined): string | null;
export function localized(language: string, text: string | null, arabic: string | null | undefined): string | null {
  return language === 'ar' && arabic && arabic.trim() !== '' ? arabic : text;
}
