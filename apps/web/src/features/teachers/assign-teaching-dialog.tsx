import type { TeacherRow } from '@shule/shared/teachers';
import { assignmentLabel, createAssignmentBody } from '@shule/shared/teaching';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { endAssignmentToasts } from '../../components/delete-toasts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSaveForm } from '../../components/use-save-form';
import { useAssignTeaching, useEndAssignment } from '../../lib/queries/assignments';
import { useClasses } from '../../lib/queries/classes';
import { useSubjects } from '../../lib/queries/subjects';
import { zodResolver } from '../../lib/zod-resolver';

const noChoice = { class: '', subject: '' };

/**
 * Assign classes & subjects: the teacher's current assignments with Remove, and an add row
 * (a class, then one of that class's subjects). `teacher` is the list's row, kept fresh by it.
 */
export function AssignTeachingDialog({
  teacher,
  onOpenChange,
}: {
  teacher: TeacherRow | null;
  onOpenChange(open: boolean): void;
}) {
  const classes = useClasses();
  const subjects = useSubjects();
  const assign = useAssignTeaching();
  const end = useEndAssignment();
  const form = useForm({ resolver: zodResolver(createAssignmentBody), defaultValues: noChoice });
  const { errors, isSubmitting } = form.formState;
  const classId = form.watch('class');
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    create: (choice) => assign.mutateAsync({ teacher: teacher?.id ?? 0, ...choice }),
    // The class stays chosen for the next of its subjects.
    onSaved: () => form.setValue('subject', ''),
  });

  const teacherId = teacher?.id;
  useEffect(() => {
    if (teacherId === undefined) return;
    form.reset(noChoice);
    clearFailure();
  }, [teacherId, form, clearFailure]);

  const subjectsOfClass = useMemo(
    () => (subjects.data ?? []).filter((s) => s.classes.includes(Number(classId))),
    [subjects.data, classId],
  );
  const taken = new Set((teacher?.assignments ?? []).map((a) => `${a.class.id}:${a.subject.id}`));

  const remove = (assignment: number, label: string) => {
    if (teacher) end.mutate({ teacher: teacher.id, assignment }, endAssignmentToasts(label));
  };

  const name = teacher ? `${teacher.user.first_name} ${teacher.user.last_name}` : '';
  let picker: ReactNode;
  if (classes.isPending || subjects.isPending) {
    picker = <SkeletonRows rows={2} />;
  } else if (classes.isError || subjects.isError) {
    picker = (
      <LoadError
        what="the classes and subjects"
        error={classes.error ?? subjects.error}
        onRetry={() => {
          void classes.refetch();
          void subjects.refetch();
        }}
      />
    );
  } else if (classes.data.length === 0) {
    picker = <p className="text-sm text-muted-foreground">Create a class first.</p>;
  } else {
    picker = (
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <Field label="Class" error={errors.class?.message}>
          <Select {...form.register('class', { onChange: () => form.setValue('subject', '') })}>
            <option value="">Choose a class</option>
            {classes.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Subject"
          error={errors.subject?.message}
          hint={
            classId && subjectsOfClass.length === 0
              ? 'No subject is taught in this class yet: add it on the Subjects page'
              : undefined
          }
        >
          <Select disabled={!classId || subjectsOfClass.length === 0} {...form.register('subject')}>
            <option value="">Choose a subject</option>
            {subjectsOfClass.map((s) => (
              <option key={s.id} value={s.id} disabled={taken.has(`${classId}:${s.id}`)}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {isSubmitting ? 'Adding...' : 'Add'}
        </Button>
      </form>
    );
  }

  return (
    <Dialog
      open={teacher !== null}
      onOpenChange={onOpenChange}
      title="Assign classes & subjects"
      description={name ? `What ${name} teaches. They enter marks for these only.` : undefined}
      className="sm:max-w-2xl"
    >
      <div className="space-y-5">
        <section aria-label="Current assignments">
          <h3 className="mb-2 text-sm font-medium">Teaches now</h3>
          {teacher && teacher.assignments.length > 0 ? (
            <ul className="divide-y rounded-md border" data-testid="assignment-list">
              {teacher.assignments.map((a) => {
                const label = assignmentLabel(a);
                return (
                  <li key={a.id} className="flex items-center justify-between gap-2 px-3 py-2">
                    <span className="text-sm">{label}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-red-50"
                      aria-label={`Remove ${label}`}
                      disabled={end.isPending}
                      onClick={() => remove(a.id, label)}
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
              No classes or subjects assigned yet.
            </p>
          )}
        </section>
        <section aria-label="Add an assignment" className="space-y-3">
          <h3 className="text-sm font-medium">Add</h3>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {picker}
        </section>
      </div>
    </Dialog>
  );
}
