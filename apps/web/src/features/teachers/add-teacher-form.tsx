import { GENDERS } from '@shule/shared/students';
import {
  TEACHER_MESSAGES,
  type TeacherForm,
  TSC_PLACEHOLDER,
  teacherFormSchema,
} from '@shule/shared/teachers';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PhotoField } from '../../components/photo-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { usePhotoUpload } from '../../lib/upload-photo';
import { zodResolver } from '../../lib/zod-resolver';
import { useCreateTeacher } from './create-teacher';
import { GENDER_LABELS } from './gender-labels';
import { CopyPasswordButton, OneTimePasswordCode } from './one-time-password';
import { splitPassword } from './split-password';

const EMPTY: TeacherForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  tsc_number: '',
  gender: '',
};

type Result =
  | { tone: 'error'; message: string }
  | { tone: 'success'; message: string; phone: string };

function SuccessMessage({ message, phone }: { message: string; phone: string }) {
  const parts = splitPassword(message, phone);
  if (!parts) return <Alert tone="success">{message}</Alert>;
  return (
    <Alert tone="success" className="space-y-2">
      <p>
        {parts.before}
        <OneTimePasswordCode password={parts.password} />
        {parts.after}
      </p>
      <CopyPasswordButton password={parts.password} />
    </Alert>
  );
}

/** The add-teacher form, used inside the Add Teacher dialog. */
export function AddTeacherForm() {
  const createTeacher = useCreateTeacher();
  const photo = usePhotoUpload();
  const submission = useIdempotencyKey();
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm<TeacherForm>({
    resolver: zodResolver(teacherFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    if (photo.uploading) {
      setResult({ tone: 'error', message: TEACHER_MESSAGES.uploading });
      return;
    }
    if (photo.state.status === 'error') {
      setResult({ tone: 'error', message: TEACHER_MESSAGES.uploadFailed });
      return;
    }
    try {
      const res = await createTeacher.mutateAsync({
        ...values,
        profile_photo: photo.url,
        idempotencyKey: submission.current(),
      });
      submission.renew();
      setResult({
        tone: 'success',
        message: res.message,
        // As stored (the message's), not as typed: "0712 345 678" is saved as 0712345678.
        phone: res.teacher.user.phone_number,
      });
      form.reset(EMPTY);
      photo.reset();
    } catch (err) {
      // The server's message shows in red; a field it names shows it as well.
      applyServerErrors(err, form);
      setResult({ tone: 'error', message: errorMessage(err) });
    }
  });

  const text = (
    name: Exclude<keyof TeacherForm, 'gender' | 'profile_photo' | 'role' | 'school'>,
    label: string,
    props: Record<string, string> = {},
  ) => (
    <Field label={label} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {result?.tone === 'success' ? (
        <SuccessMessage message={result.message} phone={result.phone} />
      ) : result ? (
        <Alert tone="error">{result.message}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('first_name', 'First name', { autoComplete: 'off' })}
        {text('last_name', 'Last name', { autoComplete: 'off' })}
        {text('email', 'Email', { type: 'email', autoComplete: 'off' })}
        <Field
          label="Phone number"
          error={errors.phone_number?.message}
          hint="The teacher logs in with this number"
        >
          <Input
            type="tel"
            placeholder="0712345678"
            autoComplete="off"
            {...form.register('phone_number')}
          />
        </Field>
        {text('tsc_number', 'TSC Number', { placeholder: TSC_PLACEHOLDER, autoComplete: 'off' })}
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
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Adding teacher...' : 'Add Teacher'}
      </Button>
    </form>
  );
}
