import { CBC_SCALE_GRADES } from '@shule/shared/grading-scales';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-footer';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
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
  const [scale, setScale] = useState<CbcScale>('kjsea');
  const [failure, setFailure] = useState<string | null>(null);

  const apply = (chosen: CbcScale) => {
    setFailure(null);
    cbc.mutate(chosen, {
      onSuccess: (grades) => {
        toast({
          title: 'CBC scale applied',
          description: `${grades.length} levels added, with their default bands in every subject`,
          variant: 'success',
        });
        onOpenChange(false);
      },
      onError: (err) => {
        setFailure(errorMessage(err));
        toast({
          title: 'CBC scale not applied',
          description: errorMessage(err, 'There was an error trying to add the levels'),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: () => apply(chosen) },
        });
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(scale);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cbc.isPending) return;
        setFailure(null);
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
                name="cbc-scale"
                className="mt-1 h-4 w-4 accent-primary"
                checked={scale === option.scale}
                onChange={() => setScale(option.scale)}
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
          busy={cbc.isPending}
          onCancel={() => onOpenChange(false)}
          submitLabel="Apply scale"
        />
      </form>
    </Dialog>
  );
}
