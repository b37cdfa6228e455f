import { KENYAN_COUNTIES } from '@shule/shared/counties';
import {
  KISWAHILI_OPTION_LABELS,
  KISWAHILI_OPTIONS,
  KNEC_RECORD_LABELS,
  LEARNER_RECORD_LABELS,
  type LearnerRecordForm,
  learnerRecordFormSchema,
  RE_OPTION_LABELS,
  RE_OPTIONS,
} from '@shule/shared/learner-record';
import type { StudentDetail } from '@shule/shared/students';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select, Textarea } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import { useUpdateStudent } from './update-student';

type LearnerRecordValues = z.output<typeof learnerRecordFormSchema>;

/** Edit the learner record (admin): the register fields, the index number, the parent's ID. */
export function LearnerRecordDialog({
  open,
  onOpenChange,
  student,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  student: StudentDetail;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Learner record (NEMIS)"
      description={`What the Ministry's register asks about ${studentName(student)}. Every field is optional.`}
    >
      <LearnerRecordFormBody student={student} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function LearnerRecordFormBody({ student, onDone }: { student: StudentDetail; onDone(): void }) {
  const update = useUpdateStudent();
  const form = useForm<LearnerRecordForm, unknown, LearnerRecordValues>({
    resolver: zodResolver(learnerRecordFormSchema),
    defaultValues: {
      upi: student.upi ?? '',
      birth_certificate_number: student.birth_certificate_number ?? '',
      entry_index_number: student.entry_index_number ?? '',
      nationality: student.nationality ?? '',
      county: (student.county ?? '') as LearnerRecordForm['county'],
      sub_county: student.sub_county ?? '',
      special_needs: student.special_needs ?? '',
      medical_condition: student.medical_condition ?? '',
      nhif_number: student.nhif_number ?? '',
      assessment_number: student.assessment_number ?? '',
      birth_certificate_names: student.birth_certificate_names ?? '',
      re_option: student.re_option ?? '',
      kiswahili_option: student.kiswahili_option ?? '',
      special_needs_code: student.special_needs_code ?? '',
      // Without a parent there is no one to give the ID to: the field is not sent.
      parent_national_id_number: student.parent
        ? (student.parent.national_id_number ?? '')
        : undefined,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const save = (values: LearnerRecordValues) =>
    update.mutateAsync({ id: student.id, body: values });
  const { submit, failure } = useSaveForm({
    form,
    editing: student,
    create: save,
    update: (_, values) => save(values),
    toasts: {
      updated: { title: 'Learner record updated', description: () => studentName(student) },
      notUpdated: {
        title: 'Learner record not updated',
        description: (err) => errorMessage(err, 'There was an error trying to save the record'),
      },
    },
    onSaved: onDone,
  });
  const L = LEARNER_RECORD_LABELS;
  const K = KNEC_RECORD_LABELS;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={L.upi}
          error={errors.upi?.message}
          hint="The NEMIS unique personal identifier"
        >
          <Input autoComplete="off" {...form.register('upi')} />
        </Field>
        <Field label={L.birth_certificate_number} error={errors.birth_certificate_number?.message}>
          <Input autoComplete="off" {...form.register('birth_certificate_number')} />
        </Field>
        <Field
          label="Index number"
          error={errors.entry_index_number?.message}
          hint="11 digits (KNEC)"
        >
          <Input autoComplete="off" inputMode="numeric" {...form.register('entry_index_number')} />
        </Field>
        <Field label={L.nhif_number} error={errors.nhif_number?.message}>
          <Input autoComplete="off" {...form.register('nhif_number')} />
        </Field>
        <Field label={L.nationality} error={errors.nationality?.message}>
          <Input placeholder="Kenyan" {...form.register('nationality')} />
        </Field>
        <Field label={L.county} error={errors.county?.message}>
          <Select {...form.register('county')}>
            <option value="">Not recorded</option>
            {KENYAN_COUNTIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={L.sub_county} error={errors.sub_county?.message}>
          <Input {...form.register('sub_county')} />
        </Field>
        {student.parent ? (
          <Field
            label="Parent's national ID"
            error={errors.parent_national_id_number?.message}
            hint={`${student.parent.user.first_name} ${student.parent.user.last_name}`}
          >
            <Input
              autoComplete="off"
              inputMode="numeric"
              {...form.register('parent_national_id_number')}
            />
          </Field>
        ) : null}
      </div>
      <Field label={L.special_needs} error={errors.special_needs?.message}>
        <Textarea rows={2} {...form.register('special_needs')} />
      </Field>
      <Field label={L.medical_condition} error={errors.medical_condition?.message}>
        <Textarea rows={2} {...form.register('medical_condition')} />
      </Field>
      <fieldset className="space-y-4 border-t pt-4">
        <legend className="pr-2 text-sm font-semibold">KNEC (school-based assessment)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={K.assessment_number}
            error={errors.assessment_number?.message}
            hint="Issued by KNEC in Grade 3"
          >
            <Input autoComplete="off" {...form.register('assessment_number')} />
          </Field>
          <Field
            label={K.special_needs_code}
            error={errors.special_needs_code?.message}
            hint="KNEC's code, when the learner has one"
          >
            <Input autoComplete="off" {...form.register('special_needs_code')} />
          </Field>
          <Field label={K.re_option} error={errors.re_option?.message}>
            <Select {...form.register('re_option')}>
              <option value="">Not recorded</option>
              {RE_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {RE_OPTION_LABELS[o]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={K.kiswahili_option} error={errors.kiswahili_option?.message}>
            <Select {...form.register('kiswahili_option')}>
              <option value="">Not recorded</option>
              {KISWAHILI_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {KISWAHILI_OPTION_LABELS[o]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          label={K.birth_certificate_names}
          error={errors.birth_certificate_names?.message}
          hint={`In the certificate's order, when it is not "${student.first_name} ${student.last_name}"`}
        >
          <Input autoComplete="off" {...form.register('birth_certificate_names')} />
        </Field>
      </fieldset>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Save Changes" />
    </form>
  );
}
