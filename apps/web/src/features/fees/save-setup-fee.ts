import type { CreateFeeCategoryBody, PutFeeStructureBody } from '@shule/shared/fee-structures';
import type { SetupFeesValues } from '@shule/shared/setup';
import { changedFields } from '../../lib/changed-fields';
import { createFeeCategory } from './create-fee-category';
import type { SavedFee } from './get-setup-fees';
import { saveFeeStructure } from './save-fee-structure';
import { updateFeeCategory } from './update-fee-category';

type Fee = SetupFeesValues['fees'][number];

const categoryOf = (
  fee: Pick<Fee, 'name' | 'applies_to' | 'duration' | 'vote_head'>,
): CreateFeeCategoryBody => ({
  name: fee.name,
  applies_to: fee.applies_to,
  duration: fee.duration,
  vote_head: fee.vote_head,
});

/** What a fee's amounts are as saved: its terms and lines, comparable. */
const linesKey = (fee: Pick<Fee, 'terms' | 'lines'>) =>
  JSON.stringify([
    [...fee.terms].sort((a, b) => a - b),
    [...fee.lines].sort((a, b) => a.class - b.class),
  ]);

/**
 * Saves one fee of the wizard: its category (created, or changed where it differs), then, when
 * its terms or amounts changed, each term of the year's lines of this category alone (PUT with
 * `categories`: the term's other categories stay). A term left unchecked loses the category's
 * lines. Answers the category's id. A billed line refuses (409) with the message naming it.
 */
export async function saveSetupFee(
  fee: Fee,
  saved: SavedFee | undefined,
  yearTerms: readonly number[],
): Promise<number> {
  let id: number;
  if (!saved) {
    id = (await createFeeCategory(categoryOf(fee))).id;
  } else {
    id = saved.id;
    const changes = changedFields(categoryOf(saved), categoryOf(fee));
    if (changes) await updateFeeCategory(id, changes);
  }
  if (saved && linesKey(saved) === linesKey(fee)) return id;
  for (const term of yearTerms) {
    const body: PutFeeStructureBody = {
      term,
      categories: [id],
      amounts: fee.terms.includes(term)
        ? fee.lines.map((l) => ({ category: id, class: l.class, amount_cents: l.amount_cents }))
        : [],
    };
    await saveFeeStructure(body);
  }
  return id;
}
