import { describe, expect, it } from 'vitest';
import {
  MESSAGE_VARIABLES,
  findUnknownVariables,
  findVariables,
  insertVariable,
  isMessageVariable,
} from './message-variables';

describe('MESSAGE_VARIABLES', () => {
  it('holds the sixteen names of the contract, each once', () => {
    expect(MESSAGE_VARIABLES).toHaveLength(16);
    expect(new Set(MESSAGE_VARIABLES).size).toBe(16);
    expect(MESSAGE_VARIABLES).toContain('door_code');
    expect(MESSAGE_VARIABLES).toContain('wifi_password');
    expect(isMessageVariable('guest_name')).toBe(true);
    expect(isMessageVariable('guestname')).toBe(false);
  });
});

describe('findVariables', () => {
  it('lists each name once, in order, with or without inner spaces', () => {
    expect(findVariables('Hi {{guest_name}}, {{ unit_name }} is ready. Bye {{guest_name}}')).toEqual([
      'guest_name',
      'unit_name',
    ]);
    expect(findVariables('no variables, {single} braces')).toEqual([]);
  });
});

describe('findUnknownVariables', () => {
  it('returns nothing for known variables in either language', () => {
    expect(findUnknownVariables('مرحبا {{guest_name}}، رمز الباب {{door_code}}')).toEqual([]);
  });

  it('flags typos and empty braces, each once', () => {
    expect(findUnknownVariables('{{guestname}} {{guest_name}} {{wifi}} {{guestname}} {{}}')).toEqual([
      'guestname',
      'wifi',
      '',
    ]);
  });

  it('is case-sensitive, as the database is', () => {
    expect(findUnknownVariables('{{Guest_Name}}')).toEqual(['Guest_Name']);
  });
});

describe('insertVariable', () => {
  it('inserts at the cursor and puts the cursor after it', () => {
    expect(insertVariable('Hi , welcome', 'guest_name', 3)).toEqual({
      text: 'Hi {{guest_name}}, welcome',
      cursor: 17,
    });
  });

  it('replaces a selection, whichever way it was made', () => {
    expect(insertVariable('Code: XXXX.', 'door_code', 6, 10).text).toBe('Code: {{door_code}}.');
    expect(insertVariable('Code: XXXX.', 'door_code', 10, 6).text).toBe('Code: {{door_code}}.');
  });

  it('appends when no cursor is known and clamps a cursor past the end', () => {
    expect(insertVariable('Hello ', 'guest_name')).toEqual({ text: 'Hello {{guest_name}}', cursor: 20 });
    expect(insertVariable('ab', 'total', 99).text).toBe('ab{{total}}');
  });
});
