import { describe, expect, it } from 'vitest';
import { splitFullName } from './full-name';

describe('splitFullName', () => {
  it('takes the last word as the surname by default, the others as the other names', () => {
    expect(splitFullName('John Mwangi Kamau', 'surname_last')).toEqual({
      first_name: 'John Mwangi',
      last_name: 'Kamau',
    });
    expect(splitFullName("  Wanjiru   Ng'ang'a ", 'surname_last')).toEqual({
      first_name: 'Wanjiru',
      last_name: "Ng'ang'a",
    });
  });

  it('takes the first word as the surname when the school says it comes first', () => {
    expect(splitFullName('KAMAU John Mwangi', 'surname_first')).toEqual({
      first_name: 'John Mwangi',
      last_name: 'KAMAU',
    });
  });

  it('cannot split a single word or an empty cell', () => {
    expect(splitFullName('Kamau', 'surname_last')).toBeUndefined();
    expect(splitFullName('   ', 'surname_first')).toBeUndefined();
  });
});
