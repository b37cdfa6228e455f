import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from './fees';
import {
  SETUP_FEE_MESSAGES,
  SETUP_MESSAGES,
  setupClassesFormSchema,
  setupFeesFormSchema,
  setupStepRefusal,
} from './setup';

const fee = (changes: object = {}) => ({
  name: 'Tuition',
  applies_to: 'all',
  duration: 'termly',
  vote_head: 'tuition',
  terms: [1],
  amounts: [
    { class: 10, checked: true, amount: '12,500' },
    { class: 11, checked: false, amount: 'not read' },
  ],
  ...changes,
});

describe('setup wizard rules', () => {
  it('refuses a step while what comes before it is missing', () => {
    const year = { id: 1, name: '2026', start_date: '2026-01-05', end_date: '2026-11-27' };
    const term = { id: 2, name: 'Term 1', start_date: '2026-01-05', end_date: '2026-04-02' };
    const none = { academic_year: null, terms: [], classes: [] };
    expect(setupStepRefusal(2, none)).toBeNull();
    expect(setupStepRefusal(3, none)).toBe(SETUP_MESSAGES.needsYear);
    expect(setupStepRefusal(4, { ...none, academic_year: year })).toBe(SETUP_MESSAGES.needsTerm);
    expect(setupStepRefusal(5, { ...none, academic_year: year, terms: [term] })).toBe(
      SETUP_MESSAGES.needsClass,
    );
    const all = {
      academic_year: year,
      terms: [term],
      classes: [{ id: 3, name: 'F1', level: null }],
    };
    expect(setupStepRefusal(6, all)).toBeNull();
  });

  it('reads a fee’s ticked classes as cents and ignores the unticked', () => {
    const parsed = setupFeesFormSchema.parse({ fees: [fee()] });
    expect(parsed.fees[0]!.lines).toEqual([{ class: 10, amount_cents: 1_250_000 }]);
  });

  it('names the fee field at fault', () => {
    const result = setupFeesFormSchema.safeParse({
      fees: [
        fee({ duration: '', terms: [] }),
        fee({ amounts: [{ class: 10, checked: true, amount: '12.555' }] }),
        fee({ amounts: [{ class: 10, checked: false, amount: '' }] }),
      ],
    });
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['fees.0.duration', 'Duration is required'],
      ['fees.0.terms', SETUP_FEE_MESSAGES.terms],
      ['fees.1.amounts.0.amount', MONEY_MESSAGES.amount],
      ['fees.2.amounts', SETUP_FEE_MESSAGES.classes],
    ]);
  });

  it('refuses two classes of one name in the classes step', () => {
    const result = setupClassesFormSchema.safeParse({
      classes: [{ name: 'Form 1 East' }, { name: 'form 1 east ' }],
    });
    expect(result.error!.issues[0]).toMatchObject({
      path: ['classes', 1, 'name'],
      message: "A class named 'form 1 east' already exists",
    });
  });
});
