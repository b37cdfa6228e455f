/** The student a fee dialog is about, as the balances list or a payment names them. */
export interface FeeStudent {
  id: number;
  first_name: string;
  last_name: string;
  admission_number: string;
  /** What they owe now, when the screen knows it. */
  balance_cents: number | null;
}
