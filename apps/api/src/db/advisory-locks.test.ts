import { expect, it } from 'vitest';
import { LOCK_SPACES } from './advisory-locks';

it('gives every purpose a lock space of its own', () => {
  const spaces = Object.values(LOCK_SPACES);
  expect(new Set(spaces).size).toBe(spaces.length);
});
