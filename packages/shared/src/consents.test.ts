import { describe, expect, it } from 'vitest';
import { readConsentWord } from './consents';

describe('readConsentWord', () => {
  it('reads the words schools write, any case', () => {
    for (const word of ['Granted', 'GIVEN', 'yes', 'Y', 'y', 'Consented'])
      expect(readConsentWord(word)).toBe('granted');
    for (const word of ['Refused', 'NO', 'n', 'Declined'])
      expect(readConsentWord(word)).toBe('refused');
    for (const word of ['', 'Not asked', 'not asked yet', 'unknown'])
      expect(readConsentWord(word)).toBe('unknown');
  });

  it('reads no other word', () => {
    expect(readConsentWord('maybe')).toBeUndefined();
    expect(readConsentWord('1')).toBeUndefined();
  });
});
