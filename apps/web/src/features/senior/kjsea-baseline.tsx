import { kjseaLevelsLine } from '@shule/shared/kjsea';
import type { StudentDetail } from '@shule/shared/students';
import { useKjsea } from './kjsea-api';
import { useIsSeniorLearner } from './kjsea-section';

/**
 * The KJSEA baseline in a line, for beside a senior-school learner's results: the total out of
 * 72 and each area's level. Nothing for other learners or while none is recorded.
 */
export function KjseaBaseline({ student }: { student: StudentDetail }) {
  const senior = useIsSeniorLearner(student);
  const kjsea = useKjsea(student.id, senior);
  const result = kjsea.data;
  if (!senior || !result) return null;
  return (
    <p
      className="mb-3 rounded-md bg-muted/50 px-3 py-2 text-xs text-muted-foreground"
      data-testid="kjsea-baseline"
    >
      <span className="font-semibold text-foreground">
        KJSEA baseline {result.total_points}/{result.out_of}
      </span>{' '}
      · {kjseaLevelsLine(result)}
    </p>
  );
}
