import { kesFromCents } from '@shule/shared/messages';
import { centsFromKes } from '../../lib/kes';

/** What `recipients` parents cost for a text of `parts` parts, in shillings, exactly. */
export function estimatedCostKes(recipients: number, parts: number, pricePerPart: string) {
  const cents = centsFromKes(pricePerPart);
  return cents === null ? null : kesFromCents(recipients * parts * cents);
}
