import { formatKes as formatCents } from '@shule/shared/fees';

/** "0.80" or "1" (shillings, as the API writes them) → 80 or 100 cents; null if not money. */
export { centsFromKes } from '@shule/shared/fees';

/** "KES 1,234.50": shillings with thousands apart, from the API's exact decimal string. */
export function formatKes(kes: string) {
  const [whole = '0', cents] = kes.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `KES ${grouped}${cents === undefined ? '' : `.${cents}`}`;
}

/** "KES 12,500.50" from integer cents, as every fee screen shows money. */
export const kesFromCents = (cents: number) => `KES ${formatCents(cents)}`;
