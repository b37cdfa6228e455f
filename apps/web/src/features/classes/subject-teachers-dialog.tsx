import type { ClassRow } from '@shule/shared/classes';
import { idField } from '@shule/shared/fields';
import { createAssignmentBody } from '@shule/shared/teaching';
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
import {
  useAssignTeaching,
  useClassAssignments,
  useEndAssignment,
} from '../../lib/queries/assignments';
import { useSubjects } from '../../lib/queries/subjects';
import { useTeachers } from '../../lib/queries/teachers';
import { zodResolver } from '../../lib/zod-resolver';

/** The class is the dialog's; the admin picks a subject of it and who teaches it. */
const subjectTeacherSchema = createAssignmentBody
  .omit({ class: true })
  .extend({ teacher: idField('Teacher', 'Choose a teacher') });
const noChoice = { subject: '', teacher: '' };

/**
 * A class's subject teachers: each subject taught in the class with who teaches it. An admin
 * assigns a teacher to a subject and removes one; a teacher reads.
 */
export function SubjectTeachersDialog({
  cls,
  isAdmin,
  onOpenChange,
}: {
  cls: ClassRow | null;
  isAdmin: boolean;
  onOpenChange(open: boolean): void;
}) {
  const assignments = useClassAssignments(cls?.id);
  const subjects = useSubjects();
  const teachers = useTeachers();
  const assign = useAssignTeaching();
  const end = useEndAssignment();
  const form = useForm({ resolver: zodResolver(subjectTeacherSchema), defaultValues: noChoice });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    create: (choice) => assign.mutateAsync({ ...choice, class: cls?.id ?? 0 }),
    // The subject stays chosen: it may have a second teacher.
    onSaved: () => form.setValue('teacher', ''),
  });

  const classId = cls?.id;
  useEffect(() => {
    if (classId === undefined) return;
    form.reset(noChoice);
    clearFailure();
  }, [classId, form, clearFailure]);

  const subjectsOfClass = useMemo(
    () => (subjects.data ?? []).filter((s) => classId !== undefined && s.classes.includes(classId)),
    [subjects.data, classId],
  );
  const activeTeachers = (teachers.data ?? []).filter((t) => t.is_active);

  const remove = (teacher: number, assignment: number, label: string) =>
    end.mutate({ teacher, assignment }, endAssignmentToasts(label));

  let body: ReactNode;
  if (assignments.isPending || subjects.isPending) {
    body = <SkeletonRows rows={3} />;
  } else if (assignments.isError || subjects.isError) {
    body = (
      <LoadError
        what="the subject teachers"
        error={assignments.error ?? subjects.error}
        onRetry={() => {
          void assignments.refetch();
          void subjects.refetch();
        }}
      />
    );
  } else if (subjectsOfClass.length === 0) {
    body = (
      <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
        No subject is taught in {cls?.name} yet: choose its classes on the Subjects page.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y rounded-md border" data-testid="subject-teachers">
        {subjectsOfClass.map((s) => {
          const teaching = assignments.data.filter((a) => a.subject.id === s.id);
          return (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="text-sm font-medium">{s.name}</span>
              <span className="flex flex-wrap items-center justify-end gap-1 text-sm">
                {teaching.length === 0 ? (
                  <span className="text-muted-foreground">No teacher</span>
                ) : (
                  teaching.map((a) => {
                    const name = `${a.teacher.first_name} ${a.teacher.last_name}`;
                    return (
                      <span key={a.id} className="inline-flex items-center gap-1">
                        {name}
                        {isAdmin ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="h-7 px-1.5 text-destructive hover:bg-red-50"
                            aria-label={`Remove ${name} from ${s.name}`}
                            disabled={end.isPending}
                            onClick={() => remove(a.teacher.id, a.id, `${s.name} · ${name}`)}
                          >
                            <X className="h-4 w-4" aria-hidden="true" />
                          </Button>
                        ) : null}
                      </span>
                    );
                  })
                )}
              </span>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Dialog
      open={cls !== null}
      onOpenChange={onOpenChange}
      title={cls ? `Subject teachers of ${cls.name}` : 'Subject teachers'}
      description="Who teaches each subject in this class; they enter its marks."
      className="sm:max-w-2xl"
    >
      <div className="space-y-5">
        {body}
        {isAdmin && subjectsOfClass.length > 0 ? (
          <form
            onSubmit={submit}
            noValidate
            className="space-y-3"
            aria-label="Assign a subject teacher"
          >
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <Field label="Subject" error={errors.subject?.message}>
                <Select {...form.register('subject')}>
                  <option value="">Choose a subject</option>
                  {subjectsOfClass.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Teacher"
                error={errors.teacher?.message}
                hint={
                  teachers.data && activeTeachers.length === 0
                    ? 'Add teachers on the Teachers page first'
                    : undefined
                }
              >
                <Select
                  disabled={teachers.isPending || activeTeachers.length === 0}
                  {...form.register('teacher')}
                >
                  <option value="">
                    {teachers.isPending ? 'Loading teachers...' : 'Choose a teacher'}
                  </option>
                  {activeTeachers.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.user.first_name} {t.user.last_name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button type="submit" disabled={isSubmitting}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {isSubmitting ? 'Assigning...' : 'Assign'}
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}
