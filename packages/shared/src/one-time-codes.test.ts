import { describe, expect, it } from 'vitest';
import { smsParts } from './messages';
import {
  CODE_MESSAGES,
  CODE_PURPOSES,
  codeField,
  codeSmsText,
  PHONE_IN_USE_SMS,
} from './one-time-codes';

describe('codeField', () => {
  it('takes six digits, spaces dropped', () => {
    expect(codeField.parse(' 012345 ')).toBe('012345');
    expect(codeField.parse('012 345')).toBe('012345');
  });
  it.each(['12345', '1234567', '12a456', '１２３４５６'])('refuses %j', (value) => {
    const result = codeField.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CODE_MESSAGES.format);
  });
  it('is required', () => {
    expect(codeField.safeParse('').error?.issues[0]?.message).toBe('Code is required');
  });
});

describe('the SMS', () => {
  it('holds the code and what it is for, in one SMS part', () => {
    for (const purpose of CODE_PURPOSES) {
      const text = codeSmsText(purpose, '012345');
      expect(text.startsWith('012345 is your code to ')).toBe(true);
      expect(text).not.toMatch(/\d{7}|07\d|http/);
      expect(smsParts(text).parts).toBe(1);
    }
    for (const text of Object.values(PHONE_IN_USE_SMS)) expect(smsParts(text).parts).toBe(1);
  });
});
