import type { ClassRow } from '@shule/shared/classes';
import { classSitsExam, type Exam } from '@shule/shared/exams';
import { ListOrdered } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Select } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { useIsAdmin } from '../../lib/roles';

type Scope = 'class' | 'level';

/**
 * Generate Merit List: a choice of one class (stream) or a whole level (every stream of it,
 * ranked together), then the list at /exams/{id}/merit-list?class=…|level=…. Only classes that
 * sit the exam are offered; a level's list is for admins, as the server has it.
 */
export function GenerateMeritListButton({
  exam,
  classes,
  currentClassId,
}: {
  exam: Exam | undefined;
  classes: ClassRow[] | undefined;
  /** The class the grading screen shows: the first choice. */
  currentClassId: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const sitting = exam && classes ? classes.filter((c) => classSitsExam(exam, c)) : [];
  return (
    <>
      <Button variant="outline" disabled={sitting.length === 0} onClick={() => setOpen(true)}>
        <ListOrdered className="h-4 w-4" aria-hidden="true" />
        Generate Merit List
      </Button>
      {exam && open ? (
        <MeritListChoiceDialog
          examId={exam.id}
          classes={sitting}
          currentClassId={currentClassId}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function MeritListChoiceDialog({
  examId,
  classes,
  currentClassId,
  onClose,
}: {
  examId: number;
  classes: ClassRow[];
  currentClassId: number | undefined;
  onClose(): void;
}) {
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const levels = isAdmin
    ? [...new Set(classes.flatMap((c) => (c.level ? [c.level] : [])))].sort((a, b) =>
        a.localeCompare(b, undefined, { numeric: true }),
      )
    : [];
  const first = classes.find((c) => c.id === currentClassId) ?? classes[0];
  const [scope, setScope] = useState<Scope>('class');
  const [classId, setClassId] = useState(String(first?.id ?? ''));
  // The level of the class being graded, until one is chosen (the levels arrive with the session).
  const [chosenLevel, setLevel] = useState<string | null>(null);
  const level =
    chosenLevel ?? (first?.level && levels.includes(first.level) ? first.level : levels[0]) ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query =
      scope === 'level'
        ? `level=${encodeURIComponent(level)}`
        : `class=${encodeURIComponent(classId)}`;
    navigate(`/exams/${examId}/merit-list?${query}`);
  };

  const options: { scope: Scope; title: string; about: string; disabled?: boolean }[] = [
    {
      scope: 'class',
      title: 'A class',
      about: 'One stream, with each student’s stream position and overall position in the level.',
    },
    {
      scope: 'level',
      title: 'A whole level',
      about:
        levels.length > 0
          ? 'Every stream of the level, ranked together.'
          : isAdmin
            ? 'Give classes a level (Form 4, Grade 8) on the Classes page to rank their streams together.'
            : 'A level’s list is for admins.',
      disabled: levels.length === 0,
    },
  ];

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Generate Merit List"
      description="Rank the students of one class, or of every stream of a level."
    >
      <form onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="sr-only">List for</legend>
          {options.map((option) => (
            <label
              key={option.scope}
              className={cn(
                'flex gap-3 rounded-md border p-3',
                option.disabled
                  ? 'cursor-not-allowed opacity-60'
                  : 'cursor-pointer hover:bg-muted/50',
                scope === option.scope && 'border-primary bg-accent/40',
              )}
            >
              <input
                type="radio"
                name="merit-list-scope"
                className="mt-1 h-4 w-4 accent-primary"
                checked={scope === option.scope}
                disabled={option.disabled}
                onChange={() => setScope(option.scope)}
              />
              <span className="min-w-0">
                <span className="block font-medium">{option.title}</span>
                <span className="block text-sm text-muted-foreground">{option.about}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {scope === 'class' ? (
          <Field label="Class">
            <Select value={classId} onChange={(e) => setClassId(e.target.value)}>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.level ? `${c.name} (${c.level})` : c.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <Field label="Level">
            <Select value={level} onChange={(e) => setLevel(e.target.value)}>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <FormFooter busy={false} onCancel={onClose} submitLabel="Open merit list" />
      </form>
    </Dialog>
  );
}
