import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { defaultAutomationKey, useAutomationName } from './default-names';

describe('default automation names', () => {
  it('knows the default rule and task template, and nothing else', () => {
    expect(defaultAutomationKey('Cleaning after check-out')).toBe('cleaning_rule');
    expect(defaultAutomationKey('Turnover cleaning')).toBe('turnover_template');
    expect(defaultAutomationKey('Deep clean')).toBeNull();
    expect(defaultAutomationKey('toString')).toBeNull();
  });

  it('shows a default name in Arabic and a chosen name as written', async () => {
    await i18n.changeLanguage('ar');
    const { result } = renderHook(() => useAutomationName());
    expect(result.current('Cleaning after check-out')).toBe('التنظيف بعد المغادرة');
    expect(result.current('Turnover cleaning')).toBe('تنظيف بين النزلاء');
    expect(result.current('Deep clean')).toBe('Deep clean');
    await i18n.changeLanguage('en');
    const { result: english } = renderHook(() => useAutomationName());
    expect(english.current('Turnover cleaning')).toBe('Turnover cleaning');
  });
});
