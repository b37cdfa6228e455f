import { defaultTerm, type Term } from '@shule/shared/terms';
import { useSearchParams } from 'react-router';
import { Select } from '../../components/ui/input';
import { useTerms } from '../../lib/queries/terms';
import { termLabel } from './term-choice';

/**
 * The term a fee screen shows, kept in the address (?term=) so a reload or a shared link opens
 * the same term; without one, the term under way.
 */
export function useChosenTerm() {
  const terms = useTerms();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('term'));
  const all = terms.data ?? [];
  const term: Term | undefined = all.find((t) => t.id === asked) ?? defaultTerm(all);
  const choose = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('term', String(id));
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { terms, term, choose };
}

/** The term picker of a fee screen, newest first. */
export function TermSelect({
  terms,
  value,
  onChange,
}: {
  terms: readonly Term[];
  value: number | undefined;
  onChange(id: number): void;
}) {
  const newestFirst = [...terms].sort((a, b) => b.start_date.localeCompare(a.start_date));
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="fee-term" className="text-sm font-medium">
        Term
      </label>
      <Select
        id="fee-term"
        className="w-auto min-w-40"
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {newestFirst.map((t) => (
          <option key={t.id} value={t.id}>
            {termLabel(t)}
          </option>
        ))}
      </Select>
    </div>
  );
}
