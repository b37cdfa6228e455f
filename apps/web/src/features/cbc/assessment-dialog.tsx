import type { Strand } from '@shule/shared/cbc';
import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_KINDS,
  type Assessment,
  type AssessmentForm,
  assessmentFormSchema,
  MARKED_KINDS,
} from '@shule/shared/cbc-assessments';
import { todayIn } from '@shule/shared/school-time';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { CheckboxList } from '../../components/ui/checkbox-list';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
import { strandText } from './assessment-names';
import { useCreateAssessment } from './assessments-api';

interface AssessmentDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  classId: number;
  className: string;
  area: { id: number; name: string };
  strands: Strand[];
  onCreated(assessment: Assessment): void;
}

/** A new assessment of a class in a learning area: its kind, date, strands and out-of mark. */
export function AssessmentDialog({ open, onOpenChange, ...props }: AssessmentDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New assessment"
      description={`${props.area.name} in ${props.className}: its levels are entered next.`}
    >
      <AssessmentFormBody {...props} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AssessmentFormBody({
  classId,
  area,
  strands,
  onCreated,
  onDone,
}: Omit<AssessmentDialogProps, 'open' | 'onOpenChange' | 'className'> & { onDone(): void }) {
  const create = useCreateAssessment();
  const form = useForm<AssessmentForm, unknown, z.output<typeof assessmentFormSchema>>({
    resolver: zodResolver(assessmentFormSchema),
    defaultValues: { kind: 'observation', date: todayIn(), title: '', strands: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const marked = MARKED_KINDS.includes(kind);
  const { submit, failure } = useSaveForm({
    form,
    create: (values) =>
      create.mutateAsync({
        ...values,
        class: classId,
        learning_area: area.id,
        out_of: marked ? values.out_of : undefined,
      }),
    toasts: {
      created: {
        title: 'Assessment added',
        description: (saved) => `${ASSESSMENT_KIND_LABELS[saved.kind]}: enter its levels`,
      },
      notCreated: {
        title: 'Assessment not added',
        description: (err) => errorMessage(err, 'The assessment could not be added'),
      },
    },
    onSaved: (saved) => {
      onDone();
      onCreated(saved);
    },
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New assessment">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Kind" error={errors.kind?.message}>
        <Select {...form.register('kind')}>
          {ASSESSMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {ASSESSMENT_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date" error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </Field>
        {marked ? (
          <Field
            label="Out of (optional)"
            error={errors.out_of?.message}
            hint="With it, each mark is turned into its level; without, enter levels."
          >
            <Input
              inputMode="numeric"
              {...form.register('out_of', {
                setValueAs: (v: string) => (v === '' || v == null ? undefined : Number(v)),
              })}
            />
          </Field>
        ) : null}
      </div>
      <Field label="Title (optional)" error={errors.title?.message}>
        <Input placeholder="Fractions in the market" {...form.register('title')} />
      </Field>
      {strands.length > 0 ? (
        <Controller
          control={form.control}
          name="strands"
          render={({ field }) => (
            <CheckboxList
              legend="Strands it covers"
              hint={errors.strands?.message ?? `None ticked: ${area.name} is assessed as a whole.`}
              options={strands.map((s) => ({ value: s.id, label: strandText(s) }))}
              value={(field.value ?? []) as number[]}
              onChange={field.onChange}
            />
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          {area.name} has no strands yet: it is assessed as a whole.
        </p>
      )}
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Add" />
    </form>
  );
}
