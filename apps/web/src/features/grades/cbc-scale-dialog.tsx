import { applyCbcScaleBody } from '@shule/shared/grades';
import { CBC_SCALE_GRADES } from '@shule/shared/grading-scales';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-footer';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { zodResolver } from '../../lib/zod-resolver';
import { type CbcScale, useApplyCbcScale } from './apply-cbc-scale';
import { ScaleBandChip } from './scale-band-chip';

const SCALES: { scale: CbcScale; title: string; about: string }[] = [
  {
    scale: 'kjsea',
    title: 'KJSEA 8-level scale',
    about: "KNEC's performance levels for Grade 9, EE1 (8 points) to BE2 (1 point).",
  },
  {
    scale: 'rubric',
    title: '4-level rubric',
    about: 'Exceeding, Meeting, Approaching and Below Expectations, with cut-offs you can edit.',
  },
];

/** Apply CBC scale: the school picks KJSEA's eight levels or the four-level rubric. */
export function CbcScaleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const cbc = useApplyCbcScale();
  const form = useForm<{ scale: CbcScale }>({
    resolver: zodResolver(applyCbcScaleBody),
    defaultValues: { scale: 'kjsea' },
  });
  const { isSubmitting } = form.formState;
  const scale = form.watch('scale');
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    create: ({ scale: chosen }) => cbc.mutateAsync(chosen),
    toasts: {
      created: {
        title: 'CBC scale applied',
        description: (grades) =>
          `${grades.length} levels added, with their default bands in every subject`,
      },
      notCreated: {
        title: 'CBC scale not applied',
        description: (err) => errorMessage(err, 'There was an error trying to add the levels'),
      },
    },
    onSaved: () => onOpenChange(false),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        clearFailure();
        onOpenChange(next);
      }}
      title="Apply a CBC scale"
      description="Competency levels with default bands for every subject. Your school's grading scheme becomes CBC, which reports levels without positions."
    >
      <form onSubmit={submit} className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <fieldset className="space-y-2">
          <legend className="sr-only">Scale</legend>
          {SCALES.map((option) => (
            <label
              key={option.scale}
              className={cn(
                'flex cursor-pointer gap-3 rounded-md border p-3 hover:bg-muted/50',
                scale === option.scale && 'border-primary bg-accent/40',
              )}
            >
              <input
                type="radio"
                className="mt-1 h-4 w-4 accent-primary"
                value={option.scale}
                {...form.register('scale')}
              />
              <span className="min-w-0 space-y-2">
                <span className="block font-medium">{option.title}</span>
                <span className="block text-sm text-muted-foreground">{option.about}</span>
                <span className="flex flex-wrap gap-1.5">
                  {CBC_SCALE_GRADES[option.scale].map((level) => (
                    <ScaleBandChip key={level.code} grade={level} />
                  ))}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormFooter
          busy={isSubmitting}
          onCancel={() => onOpenChange(false)}
          submitLabel="Apply scale"
        />
      </form>
    </Dialog>
  );
}
