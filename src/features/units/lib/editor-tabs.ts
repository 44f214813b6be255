/** The sections of the unit editor; the first two hold the form, the others need a saved unit. */
export const UNIT_EDITOR_TABS = ['details', 'location', 'licence', 'photos', 'calendar', 'lock', 'channels'] as const;
export type UnitEditorTab = (typeof UNIT_EDITOR_TABS)[number];
export const FORM_TABS: ReadonlySet<UnitEditorTab> = new Set<UnitEditorTab>(['details', 'location']);
