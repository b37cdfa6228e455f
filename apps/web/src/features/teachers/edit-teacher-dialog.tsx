import { GENDERS } from '@shule/shared/students';
import {
  type EditTeacherForm,
  editTeacherFormSchema,
  TEACHER_MESSAGES,
  type TeacherRow,
  TSC_PLACEHOLDER,
  type UpdateTeacherBody,
} from '@shule/shared/teachers';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhotoField } from '../../components/photo-field';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { usePhotoUpload } from '../../lib/upload-photo';
import { zodResolver } from '../../lib/zod-resolver';
import { GENDER_LABELS } from './gender-labels';
import { useUpdateTeacher } from './update-teacher';

type Values = z.output<typeof editTeacherFormSchema>;

const formValuesOf = (t: TeacherRow): EditTeacherForm => ({
  first_name: t.user.first_name,
  last_name: t.user.last_name,
  phone_number: t.user.phone_number,
  tsc_number: t.tsc_number ?? '',
  email: t.user.email ?? '',
  gender: (t.user.gender ?? '') as EditTeacherForm['gender'],
});

/** Only what the admin changed: a PATCH that names nothing else (a new phone ends sessions). */
function changesOf(t: TeacherRow, v: Values, photo: string | undefined): UpdateTeacherBody {
  const body: UpdateTeacherBody = {};
  if (v.first_name !== t.user.first_name) body.first_name = v.first_name;
  if (v.last_name !== t.user.last_name) body.last_name = v.last_name;
  if (v.phone_number !== t.user.phone_number) body.phone_number = v.phone_number;
  if (v.tsc_number !== (t.tsc_number ?? '')) body.tsc_number = v.tsc_number;
  if ((v.email ?? null) !== t.user.email) body.email = v.email ?? null;
  if ((v.gender ?? null) !== t.user.gender) body.gender = v.gender ?? null;
  if (photo) body.profile_photo = photo;
  return body;
}

/** Edit Teacher: the Add Teacher form's fields, filled in; a new phone number is the new login. */
export function EditTeacherDialog({
  teacher,
  onOpenChange,
}: {
  teacher: TeacherRow | null;
  onOpenChange(open: boolean): void;
}) {
  const update = useUpdateTeacher();
  const photo = usePhotoUpload();
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const form = useForm<EditTeacherForm, unknown, Values>({
    resolver: zodResolver(editTeacherFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    editing: teacher,
    create: () => Promise.reject(new Error('Teachers are added with Add Teacher')),
    update: (t, values) => {
      const body = changesOf(t, values, photo.url);
      // Nothing changed: nothing to send.
      if (Object.keys(body).length === 0) return Promise.resolve(t);
      return update.mutateAsync({ id: t.id, body });
    },
    toasts: {
      updated: {
        title: 'Teacher updated',
        description: (saved) => `${saved.user.first_name} ${saved.user.last_name}`,
      },
    },
    onSaved: () => onOpenChange(false),
  });

  const { reset } = form;
  const resetPhoto = photo.reset;
  useEffect(() => {
    if (!teacher) return;
    reset(formValuesOf(teacher));
    resetPhoto();
    clearFailure();
    setPhotoProblem(null);
  }, [teacher, reset, resetPhoto, clearFailure]);

  const onSubmit = (event: FormEvent) => {
    setPhotoProblem(null);
    if (photo.uploading) {
      event.preventDefault();
      setPhotoProblem(TEACHER_MESSAGES.uploading);
      return;
    }
    return submit(event);
  };

  const phoneChanged = teacher !== null && form.watch('phone_number') !== teacher.user.phone_number;

  return (
    <Dialog
      open={teacher !== null}
      onOpenChange={onOpenChange}
      title="Edit Teacher"
      description={teacher ? `${teacher.user.first_name} ${teacher.user.last_name}` : undefined}
      className="sm:max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure || photoProblem ? <Alert tone="error">{failure ?? photoProblem}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name?.message}>
            <Input autoComplete="off" {...form.register('first_name')} />
          </Field>
          <Field label="Last name" error={errors.last_name?.message}>
            <Input autoComplete="off" {...form.register('last_name')} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
          <Field
            label="Phone number"
            error={errors.phone_number?.message}
            hint={
              phoneChanged
                ? 'Saving signs the teacher out; they sign in with the new number'
                : 'The teacher logs in with this number'
            }
          >
            <Input type="tel" autoComplete="off" {...form.register('phone_number')} />
          </Field>
          <Field label="TSC Number" error={errors.tsc_number?.message}>
            <Input
              placeholder={TSC_PLACEHOLDER}
              autoComplete="off"
              {...form.register('tsc_number')}
            />
          </Field>
          <Field label="Gender" error={errors.gender?.message}>
            <Select {...form.register('gender')}>
              <option value="">Not specified</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <PhotoField photo={photo} />
        <FormFooter
          busy={isSubmitting}
          submitLabel="Save changes"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
