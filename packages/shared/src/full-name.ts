import { z } from 'zod';

/**
 * A whole name in one cell, as Kenyan registers write it ("NAME", "Parent/Guardian Name"),
 * split by a stated rule: the last word is the surname, unless the school says the surname
 * comes first ("KAMAU John Mwangi"). The other words, in their order, are the other names
 * (Shule's first name). Words keep the case they were written in.
 */
export const NAME_ORDERS = ['surname_last', 'surname_first'] as const;
export type NameOrder = (typeof NAME_ORDERS)[number];

export const NAME_ORDER_LABELS: Record<NameOrder, string> = {
  surname_last: 'The surname is the last word (John Mwangi Kamau)',
  surname_first: 'The surname comes first (Kamau John Mwangi)',
};

export const FULL_NAME_MESSAGES = {
  nameOrder: 'The name order must be surname_last or surname_first',
  /** `label`: the column as the screen names it ("Full name", "Parent full name"). */
  oneWord: (label: string) =>
    `${label} must have two words or more: the other names and the surname`,
  required: (label: string) => `${label} is required`,
} as const;

export const nameOrderField = z.enum(NAME_ORDERS, { error: FULL_NAME_MESSAGES.nameOrder });

export interface SplitName {
  /** The other names: every word but the surname. */
  first_name: string;
  last_name: string;
}

/** A whole name split by `order`; undefined when it has fewer than two words. */
export function splitFullName(text: string, order: NameOrder): SplitName | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return undefined;
  return order === 'surname_first'
    ? { last_name: words[0]!, first_name: words.slice(1).join(' ') }
    : { last_name: words.at(-1)!, first_name: words.slice(0, -1).join(' ') };
}
