import type { FeeCategory, FeeCategoryList, FeeStructure } from '@shule/shared/fee-structures';
import type { SetupFeesForm, SetupFeesValues, SetupState } from '@shule/shared/setup';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** A fee as saved: its category, the terms it is charged in and its amounts in cents. */
export type SavedFee = Omit<SetupFeesValues['fees'][number], 'amounts'> & { id: number };

/** Cents as the fee inputs take shillings: 1250000 → "12500", 1250050 → "12500.50". */
export const kesInput = (cents: number) =>
  cents % 100 === 0
    ? String(cents / 100)
    : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export interface SetupFees {
  /** The fees as the step's form holds them, one per category of the school. */
  fees: SetupFeesForm['fees'];
  /** Each fee as saved, its amounts in cents: what a save compares with. */
  saved: SavedFee[];
  categories: FeeCategory[];
  /** Each term's structure, by term id. */
  structures: Map<number, FeeStructure>;
}

/**
 * The fees saved so far, read back for the fees and review steps: the school's categories, and
 * for each term of the year its structure. A category's terms are those with an amount of it;
 * its class amounts are those of its first such term (the wizard gives every term the same).
 */
export async function getSetupFees(
  state: Pick<SetupState, 'terms' | 'classes'>,
): Promise<SetupFees> {
  const [{ categories }, ...structures] = await Promise.all([
    api.get<FeeCategoryList>('/fees/categories/'),
    ...state.terms.map((t) => api.get<FeeStructure>(`/fees/structures/?term=${t.id}`)),
  ]);
  const byTerm = new Map(structures.map((s) => [s.term.id, s]));
  // In the order they were added, as the step showed them.
  const byAge = [...categories].sort((a, b) => a.id - b.id);
  const saved = byAge.map((category): SavedFee => {
    const terms = structures
      .filter((s) => s.amounts.some((a) => a.category === category.id))
      .map((s) => s.term.id);
    const first = terms.length > 0 ? byTerm.get(terms[0]!) : undefined;
    const amountOf = new Map(
      (first?.amounts ?? [])
        .filter((a) => a.category === category.id)
        .map((a) => [a.class, a.amount_cents]),
    );
    return {
      id: category.id,
      name: category.name,
      applies_to: category.applies_to,
      duration: category.duration,
      vote_head: category.vote_head,
      terms,
      lines: [...amountOf].map(([classId, cents]) => ({ class: classId, amount_cents: cents })),
    };
  });
  const fees = saved.map(({ lines, ...fee }) => {
    const amountOf = new Map(lines.map((l) => [l.class, l.amount_cents]));
    return {
      ...fee,
      amounts: state.classes.map((c) => {
        const cents = amountOf.get(c.id);
        return { class: c.id, checked: cents !== undefined, amount: cents ? kesInput(cents) : '' };
      }),
    };
  });
  return { fees, saved, categories, structures: byTerm };
}

export function useSetupFees(state: Pick<SetupState, 'terms' | 'classes'>) {
  const { school } = useSession();
  return useQuery({
    queryKey: [
      'fees',
      'setup',
      school?.id,
      state.terms.map((t) => t.id),
      state.classes.map((c) => c.id),
    ],
    queryFn: () => getSetupFees(state),
    enabled: school != null,
  });
}
