import type { ClassRow } from '@shule/shared/classes';
import {
  CONSENT_KINDS,
  CONSENT_LABELS,
  CONSENT_STATUS_LABELS,
  CONSENT_STATUSES,
} from '@shule/shared/consents';
import { todayIn } from '@shule/shared/school-time';
import {
  type AdmitStudentForm as AdmitStudentValues,
  admitStudentFormSchema,
  GENDERS,
  STUDENT_MESSAGES,
} from '@shule/shared/students';
import { TEACHER_MESSAGES } from '@shule/shared/teachers';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PhotoField } from '../../components/photo-field';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { usePhotoUpload } from '../../lib/upload-photo';
import { zodResolver } from '../../lib/zod-resolver';
import { useAdmitStudent } from './admit-student';
import { capitalise } from './student-details';

const emptyForm = (classId: number | undefined): AdmitStudentValues => ({
  first_name: '',
  last_name: '',
  date_of_birth: '',
  gender: '' as AdmitStudentValues['gender'],
  class_id: classId ? String(classId) : '',
  parent: { first_name: '', last_name: '', email: '', phone_number: '' },
  consents: { photos: 'unknown', sms: 'unknown' },
});

/** The Admit student form, inside the dialog of the students screen. */
export function AdmitStudentForm({
  classes,
  defaultClassId,
}: {
  classes: ClassRow[];
  defaultClassId?: number;
}) {
  const admit = useAdmitStudent();
  const photo = usePhotoUpload();
  const submission = useIdempotencyKey();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const form = useForm<AdmitStudentValues, unknown, z.output<typeof admitStudentFormSchema>>({
    resolver: zodResolver(admitStudentFormSchema),
    defaultValues: emptyForm(defaultClassId),
  });
  const { errors, isSubmitting } = form.formState;

  if (classes.length === 0) {
    return (
      <div className="space-y-4 text-center">
        <Alert tone="info">{STUDENT_MESSAGES.noClasses}</Alert>
        <Link to="/classes" className={buttonClass('primary')}>
          Create Class
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ class_id, ...body }) => {
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
      const res = await admit.mutateAsync({
        classId: class_id,
        body: { ...body, profile_photo: photo.url },
        idempotencyKey: submission.current(),
      });
      submission.renew();
      setResult({ tone: 'success', message: res.message });
      form.reset(emptyForm(class_id));
      photo.reset();
    } catch (err) {
      // The server's message shows in red; a field it names shows it as well.
      applyServerErrors(err, form);
      setResult({ tone: 'error', message: errorMessage(err) });
    }
  });

  const text = (
    name: FieldPath<AdmitStudentValues>,
    label: string,
    error: string | undefined,
    props: Record<string, string> = {},
  ) => (
    <Field label={label} error={error}>
      <Input autoComplete="off" {...props} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold">Student</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('first_name', 'First name', errors.first_name?.message)}
          {text('last_name', 'Last name', errors.last_name?.message)}
          {text('date_of_birth', 'Date of birth', errors.date_of_birth?.message, {
            type: 'date',
            max: todayIn(),
            min: '1900-01-01',
          })}
          <Field label="Gender" error={errors.gender?.message}>
            <Select {...form.register('gender')}>
              <option value="">Choose gender</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {capitalise(g)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Class" error={errors.class_id?.message}>
            <Select {...form.register('class_id')}>
              <option value="">Choose class</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <PhotoField photo={photo} />
        </div>
      </fieldset>
      <fieldset className="space-y-4 border-t pt-4">
        <legend className="float-left mb-3 text-sm font-semibold">Parent or guardian</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          {text('parent.first_name', 'Parent first name', errors.parent?.first_name?.message)}
          {text('parent.last_name', 'Parent last name', errors.parent?.last_name?.message)}
          {text(
            'parent.phone_number',
            'Parent phone number',
            errors.parent?.phone_number?.message,
            {
              type: 'tel',
              placeholder: '0712345678',
            },
          )}
          {text('parent.email', 'Parent email', errors.parent?.email?.message, { type: 'email' })}
        </div>
        <p className="text-xs text-muted-foreground">
          A parent already registered with this phone number is linked, so siblings share one
          parent.
        </p>
      </fieldset>
      <fieldset className="space-y-4 border-t pt-4">
        <legend className="float-left mb-1 text-sm font-semibold">Parent&apos;s consent</legend>
        <p className="clear-both text-xs text-muted-foreground">
          Ask the parent. Without consent no photo of the child is kept and no SMS is sent; it can
          be changed later on the student&apos;s profile.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {CONSENT_KINDS.map((kind) => (
            <Field key={kind} label={CONSENT_LABELS[kind]} error={errors.consents?.[kind]?.message}>
              <Select {...form.register(`consents.${kind}`)}>
                {CONSENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {CONSENT_STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Admitting...' : 'Admit student'}
      </Button>
    </form>
  );
}
