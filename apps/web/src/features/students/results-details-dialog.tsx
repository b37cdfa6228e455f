import {
  ENTRY_EXAMS,
  type StudentDetail,
  type UpdateStudentBody,
  updateStudentBody,
} from '@shule/shared/students';
import type { Subject } from '@shule/shared/subjects';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { CheckboxList } from '../../components/ui/checkbox-list';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import { useUpdateStudent } from './update-student';

type ResultsDetailsValues = z.output<typeof updateStudentBody>;

/**
 * Edit results details (admin): untick the optional subjects the student dropped, and record
 * their entry exam, index number and marks.
 */
export function ResultsDetailsDialog({
  open,
  onOpenChange,
  student,
  classSubjects,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  student: StudentDetail;
  /** The subjects taught in the student's class. */
  classSubjects: Subject[];
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Results details"
      description={`The subjects ${studentName(student)} takes and their entry marks.`}
    >
      <ResultsDetailsForm
        student={student}
        classSubjects={classSubjects}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function ResultsDetailsForm({
  student,
  classSubjects,
  onDone,
}: {
  student: StudentDetail;
  classSubjects: Subject[];
  onDone(): void;
}) {
  const update = useUpdateStudent();
  const classIds = classSubjects.map((s) => s.id);
  const form = useForm<UpdateStudentBody, unknown, ResultsDetailsValues>({
    resolver: zodResolver(updateStudentBody),
    defaultValues: {
      // No list of their own: every subject of the class is ticked.
      subjects: student.subjects ?? classIds,
      entry_exam: student.entry_exam,
      entry_index_number: student.entry_index_number ?? '',
      entry_marks: student.entry_marks,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const save = (values: ResultsDetailsValues) => {
    const ticked = values.subjects ?? classIds;
    // Every subject of the class ticked: the student follows the class's list again.
    const subjects = classIds.every((id) => ticked.includes(id)) ? null : ticked;
    return update.mutateAsync({ id: student.id, body: { ...values, subjects } });
  };
  // The student always exists: both of the hook's paths save their details.
  const { submit, failure } = useSaveForm({
    form,
    editing: student,
    create: save,
    update: (_, values) => save(values),
    toasts: {
      updated: { title: 'Results details updated', description: () => studentName(student) },
      notUpdated: {
        title: 'Results details not updated',
        description: (err) => errorMessage(err, 'There was an error trying to save the details'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Controller
        control={form.control}
        name="subjects"
        render={({ field, fieldState }) =>
          classSubjects.length === 0 ? (
            <p className="rounded-md border border-dashed px-3 py-3 text-sm text-muted-foreground">
              {student._class.name} has no subjects yet.
            </p>
          ) : (
            <div className="space-y-1.5">
              <CheckboxList
                legend="Subjects taken"
                options={classSubjects.map((s) => ({ value: s.id, label: s.name, detail: s.code }))}
                value={(field.value ?? []).map(Number)}
                onChange={field.onChange}
                hint={
                  fieldState.error
                    ? undefined
                    : `Untick the optional subjects ${student.first_name} dropped.`
                }
              />
              {fieldState.error ? (
                <p role="alert" className="text-sm text-destructive">
                  {fieldState.error.message}
                </p>
              ) : null}
            </div>
          )
        }
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Controller
          control={form.control}
          name="entry_exam"
          render={({ field, fieldState }) => (
            <Field label="Entry exam" error={fieldState.error?.message}>
              <Select
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value || null)}
                onBlur={field.onBlur}
              >
                <option value="">None</option>
                {ENTRY_EXAMS.map((exam) => (
                  <option key={exam} value={exam}>
                    {exam}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
        <Field label="Index number" error={errors.entry_index_number?.message}>
          <Input
            autoComplete="off"
            inputMode="numeric"
            placeholder="Optional"
            {...form.register('entry_index_number')}
          />
        </Field>
        <Controller
          control={form.control}
          name="entry_marks"
          render={({ field, fieldState }) => (
            <Field label="Entry marks" error={fieldState.error?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="Total"
                value={field.value ?? ''}
                onChange={(e) =>
                  field.onChange(e.target.value === '' ? null : e.target.valueAsNumber)
                }
                onBlur={field.onBlur}
              />
            </Field>
          )}
        />
      </div>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Save Changes" />
    </form>
  );
}
