import { describe, expect, it } from 'vitest';
import { kesInWords, numberInWords } from './words';

describe('amounts in words', () => {
  it('writes numbers as a receipt does', () => {
    expect(numberInWords(0)).toBe('zero');
    expect(numberInWords(15)).toBe('fifteen');
    expect(numberInWords(42)).toBe('forty-two');
    expect(numberInWords(105)).toBe('one hundred and five');
    expect(numberInWords(1_205)).toBe('one thousand two hundred and five');
    expect(numberInWords(22_244)).toBe('twenty-two thousand two hundred and forty-four');
    expect(numberInWords(1_000_050)).toBe('one million and fifty');
    expect(numberInWords(100_000_000)).toBe('one hundred million');
  });

  it('writes shillings and cents', () => {
    expect(kesInWords(1_250_050)).toBe(
      'Twelve thousand five hundred shillings and fifty cents only',
    );
    expect(kesInWords(100)).toBe('One shilling only');
    expect(kesInWords(1)).toBe('Zero shillings and one cent only');
  });
});
