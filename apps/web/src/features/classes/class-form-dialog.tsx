import { type ClassForm, type ClassRow, classFormSchema } from '@shule/shared/classes';
import { type ComponentProps, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { useClasses } from '../../lib/queries/classes';
import { useTeachers } from '../../lib/queries/teachers';
import { zodResolver } from '../../lib/zod-resolver';
import { useCreateClass } from './create-class';
import { useUpdateClass } from './update-class';

const BUSY_LABEL = '... Loading';

/**
 * The class dialog: Class Name, an optional Level and Create Class. Given an existing
 * class it renames it instead, and also lets the admin set or change the class teacher.
 */
export function ClassFormDialog({
  open,
  onOpenChange,
  editing,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  editing?: ClassRow | null;
  onSaved(saved: ClassRow, kind: 'created' | 'updated'): void;
}) {
  const createClass = useCreateClass();
  const updateClass = useUpdateClass();
  const [teacher, setTeacher] = useState('');
  const form = useForm<ClassForm, unknown, z.output<typeof classFormSchema>>({
    resolver: zodResolver(classFormSchema),
    defaultValues: { name: '', level: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const { submit, failure, clearFailure } = useSaveForm({
    form,
    editing: editing ?? null,
    create: ({ name, level }) => createClass.mutateAsync({ name, level: level ?? null }),
    update: (cls, { name, level = null }) => {
      const nextTeacher = teacher ? Number(teacher) : null;
      return updateClass.mutateAsync({
        id: cls.id,
        body: {
          ...(name !== cls.name ? { name } : {}),
          ...(level !== cls.level ? { level } : {}),
          ...(nextTeacher !== cls.classTeacher ? { class_teacher: nextTeacher } : {}),
        },
      });
    },
    // A failed create or update shows no toast, only the message in the dialog.
    toasts: {
      created: { title: 'Class created successfully', description: (saved) => saved.name },
      updated: { title: 'Class updated successfully', description: (saved) => saved.name },
    },
    onSaved,
  });

  // A fresh form each time the dialog opens, filled from the class being edited.
  useEffect(() => {
    if (!open) return;
    form.reset({ name: editing?.name ?? '', level: editing?.level ?? '' });
    setTeacher(editing?.classTeacher ? String(editing.classTeacher) : '');
    clearFailure();
  }, [open, editing, form, clearFailure]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title={editing ? 'Edit class' : 'Create class'}
      description={
        editing ? 'Rename the class or choose its class teacher.' : 'Add a class to your school.'
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Class Name" error={errors.name?.message}>
          <Input placeholder="e.g. Form 1 East" autoComplete="off" {...form.register('name')} />
        </Field>
        <LevelInput error={errors.level?.message} {...form.register('level')} />
        {editing ? <ClassTeacherSelect value={teacher} onChange={setTeacher} /> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? BUSY_LABEL : editing ? 'Save' : 'Create Class'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The level ("Form 4") the class is a stream of: free text, suggesting the levels the school's
 * classes already have so that the streams of one level are spelt alike.
 */
function LevelInput({ error, ...input }: { error?: string } & ComponentProps<'input'>) {
  const classes = useClasses();
  const listId = useId();
  const levels = useMemo(
    () =>
      [...new Set((classes.data ?? []).map((c) => c.level).filter((l): l is string => !!l))].sort(
        (a, b) => a.localeCompare(b, undefined, { numeric: true }),
      ),
    [classes.data],
  );
  return (
    <>
      <Field
        label="Level"
        error={error}
        hint="Optional. The streams of one level (4 East, 4 West) are ranked together."
      >
        <Input placeholder="e.g. Form 1" autoComplete="off" list={listId} {...input} />
      </Field>
      <datalist id={listId}>
        {levels.map((level) => (
          <option key={level} value={level} />
        ))}
      </datalist>
    </>
  );
}

function ClassTeacherSelect({ value, onChange }: { value: string; onChange(v: string): void }) {
  const teachers = useTeachers();
  const hint = teachers.isError
    ? 'Could not load the teachers. Close and open this dialog to try again.'
    : teachers.data?.length === 0
      ? 'Add teachers on the Teachers page to choose a class teacher.'
      : undefined;
  return (
    <Field label="Class teacher" hint={hint}>
      <Select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={teachers.isPending || teachers.isError}
      >
        <option value="">{teachers.isPending ? 'Loading teachers...' : 'No class teacher'}</option>
        {teachers.data
          ?.filter((t) => t.is_active || String(t.id) === value)
          .map((t) => (
            <option key={t.id} value={t.id}>
              {t.user.first_name} {t.user.last_name}
              {t.tsc_number ? ` (${t.tsc_number})` : ''}
            </option>
          ))}
      </Select>
    </Field>
  );
}
