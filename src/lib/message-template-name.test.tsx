import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { DEFAULT_TEMPLATE_NAMES, defaultTemplateKey, useTemplateName } from './message-template-name';

describe('message template names', () => {
  it('knows the defaults by their English name and leaves names the organisation chose alone', () => {
    expect(defaultTemplateKey('Before arrival')).toBe('pre_arrival');
    expect(defaultTemplateKey('Welcome')).toBe('welcome');
    expect(defaultTemplateKey('welcome')).toBeNull();
    expect(defaultTemplateKey('toString')).toBeNull();
  });

  it('shows every default name in the reader’s language', async () => {
    for (const language of ['en', 'ar'] as const) {
      await i18n.changeLanguage(language);
      const { result } = renderHook(() => useTemplateName());
      for (const name of Object.keys(DEFAULT_TEMPLATE_NAMES)) {
        const shown = result.current(name);
        expect(shown).not.toMatch(/message_templates\./);
        if (language === 'ar') expect(shown).toMatch(/[\u0621-\u064a]/);
        else expect(shown).toBe(name);
      }
      expect(result.current('Ramadan greeting')).toBe('Ramadan greeting');
    }
    await i18n.changeLanguage('en');
  });
});
