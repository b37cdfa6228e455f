import { formatDate } from '@shule/shared/display-dates';
import { todayIn } from '@shule/shared/school-time';
import {
  type EditStudentForm,
  editStudentFormSchema,
  GENDERS,
  LEAVE_REASON_LABELS,
  LEAVE_REASONS,
  type LeaveStudentBody,
  leaveStudentBody,
  type StudentDetail,
} from '@shule/shared/students';
import { LogOut, Pencil, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import { capitalise } from './student-details';
import { useLeaveOrRejoin, useUpdateStudent } from './update-student';

/** The admin's actions on a student's state: Edit, Mark as left, Rejoin. */
export function StudentStatusActions({ student }: { student: StudentDetail }) {
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const change = useLeaveOrRejoin(student.id);
  const rejoin = () =>
    change.mutate(null, {
      onSuccess: (saved) =>
        toast({
          title: 'Student rejoined',
          description: `${studentName(saved)} is active again, in ${saved._class.name}.`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({
          title: 'Could not rejoin',
          description: errorMessage(err),
          variant: 'destructive',
        }),
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Edit student
      </Button>
      {student.is_active ? (
        <Button variant="outline" size="sm" onClick={() => setLeaving(true)}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Mark as left
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled={change.isPending} onClick={rejoin}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          {change.isPending ? 'Rejoining…' : 'Rejoin'}
        </Button>
      )}
      <EditStudentDialog student={student} open={editing} onOpenChange={setEditing} />
      <LeaveDialog student={student} open={leaving} onOpenChange={setLeaving} />
    </div>
  );
}

const formOf = (s: StudentDetail): EditStudentForm => ({
  first_name: s.first_name,
  last_name: s.last_name,
  date_of_birth: s.date_of_birth,
  gender: s.gender,
  class: String(s._class.id),
});

/** Names, date of birth, gender and class. A move keeps the marks where they were sat. */
function EditStudentDialog({
  student,
  open,
  onOpenChange,
}: {
  student: StudentDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const update = useUpdateStudent();
  const classes = useClasses();
  const form = useForm<EditStudentForm, unknown, z.output<typeof editStudentFormSchema>>({
    resolver: zodResolver(editStudentFormSchema),
    defaultValues: formOf(student),
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    editing: student,
    create: () => Promise.reject(new Error('Students are admitted with Add Student')),
    // Only a real move is sent: the class is then checked and the move audited.
    update: (s, values) =>
      update.mutateAsync({
        id: s.id,
        body: { ...values, class: values.class === s._class.id ? undefined : values.class },
      }),
    toasts: {
      updated: {
        title: 'Student updated',
        description: (saved, values) =>
          values.class !== student._class.id
            ? `${studentName(saved)} is now in ${saved._class.name}.`
            : `${studentName(saved)}'s details are saved.`,
      },
    },
    onSaved: () => onOpenChange(false),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when it opens, not on every refetch.
  useEffect(() => {
    if (!open) return;
    form.reset(formOf(student));
    clearFailure();
  }, [open, form, clearFailure]);
  const chosenClass = Number(form.watch('class'));
  const moving = chosenClass > 0 && chosenClass !== student._class.id;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title="Edit student"
      description={`Admission No. ${student.admission_number}`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name?.message}>
            <Input autoComplete="off" {...form.register('first_name')} />
          </Field>
          <Field label="Last name" error={errors.last_name?.message}>
            <Input autoComplete="off" {...form.register('last_name')} />
          </Field>
          <Field label="Date of birth" error={errors.date_of_birth?.message}>
            <Input type="date" max={todayIn()} {...form.register('date_of_birth')} />
          </Field>
          <Field label="Gender" error={errors.gender?.message}>
            <Select {...form.register('gender')}>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {capitalise(g)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          label="Class"
          error={errors.class?.message}
          hint={
            moving
              ? 'Marks already entered stay with the class they were sat in; subjects of their own list not taught in the new class are dropped.'
              : undefined
          }
        >
          <Select {...form.register('class')} disabled={!student.is_active}>
            {classes.data ? null : <option value={student._class.id}>{student._class.name}</option>}
            {classes.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        {student.is_active ? null : (
          <p className="text-sm text-muted-foreground">
            A student who has left keeps their last class. Rejoin them to move them.
          </p>
        )}
        <FormFooter
          busy={isSubmitting}
          submitLabel="Save changes"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

/** The day they left and why; they can rejoin later. */
function LeaveDialog({
  student,
  open,
  onOpenChange,
}: {
  student: StudentDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const change = useLeaveOrRejoin(student.id);
  const empty = (): LeaveStudentBody => ({ date: todayIn(), reason: 'transferred' });
  const form = useForm<LeaveStudentBody, unknown, z.output<typeof leaveStudentBody>>({
    resolver: zodResolver(leaveStudentBody),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    editing: student,
    create: () => Promise.reject(new Error('Only an admitted student can leave')),
    update: (_, body) => change.mutateAsync(body),
    toasts: {
      updated: {
        title: 'Marked as left',
        description: (saved, body) =>
          `${studentName(saved)} left on ${formatDate(body.date)}: ${LEAVE_REASON_LABELS[body.reason]}.`,
      },
    },
    onSaved: () => onOpenChange(false),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!open) return;
    form.reset(empty());
    clearFailure();
  }, [open, form, clearFailure]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title={`Mark ${studentName(student)} as left?`}
      description="They drop out of the lists, class counts, messages and new merit lists. Their marks and fees stay, and past results keep them. You can rejoin them later."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date left" error={errors.date?.message}>
            <Input type="date" max={todayIn()} {...form.register('date')} />
          </Field>
          <Field label="Reason" error={errors.reason?.message}>
            <Select {...form.register('reason')}>
              {LEAVE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {LEAVE_REASON_LABELS[r]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <FormFooter
          busy={isSubmitting}
          submitLabel="Mark as left"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
