import { KJSEA_LEARNING_AREAS, type KjseaResult, putKjseaBody } from '@shule/shared/kjsea';
import { KJSEA_LEVELS, kjseaPoints } from '@shule/shared/senior';
import type { StudentDetail } from '@shule/shared/students';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import { useSaveKjsea } from './kjsea-api';

type KjseaForm = z.input<typeof putKjseaBody>;
type KjseaValues = z.output<typeof putKjseaBody>;

/** Record or correct a learner's KJSEA result (admin): the nine areas' levels, the junior school. */
export function KjseaDialog({
  open,
  onOpenChange,
  student,
  result,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  student: StudentDetail;
  result: KjseaResult | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="KJSEA result"
      description={`${studentName(student)}'s junior-school result: the level of each of the nine learning areas, EE1 (8 points) to BE2 (1).`}
    >
      <KjseaFormBody student={student} result={result} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function KjseaFormBody({
  student,
  result,
  onDone,
}: {
  student: StudentDetail;
  result: KjseaResult | null;
  onDone(): void;
}) {
  const save = useSaveKjsea(student.id);
  const form = useForm<KjseaForm, unknown, KjseaValues>({
    resolver: zodResolver(putKjseaBody),
    defaultValues: {
      assessment_number: student.assessment_number ?? '',
      junior_school: result?.junior_school ?? '',
      levels: Object.fromEntries(
        KJSEA_LEARNING_AREAS.map((area) => [
          area,
          result?.areas.find((a) => a.learning_area === area)?.level ?? '',
        ]),
      ),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const send = (values: KjseaValues) => save.mutateAsync(values);
  const { submit, failure } = useSaveForm({
    form,
    editing: result,
    create: send,
    update: (_, values) => send(values),
    toasts: {
      created: { title: 'KJSEA result recorded', description: () => studentName(student) },
      updated: { title: 'KJSEA result updated', description: () => studentName(student) },
      notCreated: {
        title: 'KJSEA result not recorded',
        description: (err) => errorMessage(err, 'There was an error trying to save the result'),
      },
      notUpdated: {
        title: 'KJSEA result not updated',
        description: (err) => errorMessage(err, 'There was an error trying to save the result'),
      },
    },
    onSaved: onDone,
  });
  const levelErrors = errors.levels as Record<string, { message?: string }> | undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Assessment Number"
          error={errors.assessment_number?.message}
          hint="KNEC's number, on the KJSEA result slip"
        >
          <Input autoComplete="off" {...form.register('assessment_number')} />
        </Field>
        <Field label="Junior school" error={errors.junior_school?.message}>
          <Input autoComplete="off" {...form.register('junior_school')} />
        </Field>
      </div>
      <fieldset className="space-y-3 border-t pt-4">
        <legend className="pr-2 text-sm font-semibold">Learning areas</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {KJSEA_LEARNING_AREAS.map((area) => (
            <Field key={area} label={area} error={levelErrors?.[area]?.message}>
              <Select {...form.register(`levels.${area}`)}>
                <option value="">Choose a level</option>
                {KJSEA_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level} ({kjseaPoints(level)})
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
      </fieldset>
      <FormFooter
        busy={isSubmitting}
        onCancel={onDone}
        submitLabel={result ? 'Save Changes' : 'Record result'}
      />
    </form>
  );
}
