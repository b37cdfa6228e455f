import type { ClassRow } from '@shule/shared/classes';
import { Plus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { endAssignmentToasts } from '../../components/delete-toasts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import {
  useAssignTeaching,
  useClassAssignments,
  useEndAssignment,
} from '../../lib/queries/assignments';
import { useSubjects } from '../../lib/queries/subjects';
import { useTeachers } from '../../lib/queries/teachers';

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
  const [subjectId, setSubjectId] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const classId = cls?.id;
  useEffect(() => {
    if (classId === undefined) return;
    setSubjectId('');
    setTeacherId('');
    setFailure(null);
  }, [classId]);

  const subjectsOfClass = useMemo(
    () => (subjects.data ?? []).filter((s) => classId !== undefined && s.classes.includes(classId)),
    [subjects.data, classId],
  );
  const activeTeachers = (teachers.data ?? []).filter((t) => t.is_active);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!cls) return;
    setFailure(null);
    if (!subjectId || !teacherId) {
      setFailure(!subjectId ? 'Choose a subject' : 'Choose a teacher');
      return;
    }
    try {
      await assign.mutateAsync({
        teacher: Number(teacherId),
        class: cls.id,
        subject: Number(subjectId),
      });
      setTeacherId('');
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

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
          <form onSubmit={add} className="space-y-3" aria-label="Assign a subject teacher">
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <Field label="Subject">
                <Select value={subjectId} onChange={(e) => setSubjectId(e.target.value)}>
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
                hint={
                  teachers.data && activeTeachers.length === 0
                    ? 'Add teachers on the Teachers page first'
                    : undefined
                }
              >
                <Select
                  value={teacherId}
                  disabled={teachers.isPending || activeTeachers.length === 0}
                  onChange={(e) => setTeacherId(e.target.value)}
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
              <Button type="submit" disabled={assign.isPending}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {assign.isPending ? 'Assigning...' : 'Assign'}
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}
