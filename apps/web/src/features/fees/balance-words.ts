import { kesFromCents } from '../../lib/kes';

/** A balance as a sentence's end: "owes KES 20,000.00", "has KES 1,500.00 carried forward". */
export const balanceWords = (cents: number) =>
  cents > 0
    ? `owes ${kesFromCents(cents)}`
    : cents < 0
      ? `has ${kesFromCents(-cents)} carried forward`
      : 'owes nothing';
