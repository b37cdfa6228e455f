import { type LearningArea, type StrandForm, strandFormSchema } from '@shule/shared/cbc';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
import { strandText } from './assessment-names';
import { useCreateStrand, useDeleteStrand, useStrands } from './curriculum-api';

/** A learning area's strands and sub-strands, and (for an admin) a line to add one. */
export function StrandsList({ area, isAdmin }: { area: LearningArea; isAdmin: boolean }) {
  const strands = useStrands(area.id);
  const remove = useDeleteStrand();

  let list: ReactNode;
  if (strands.isPending) list = <SkeletonRows rows={2} />;
  else if (strands.isError)
    list = <LoadError what="the strands" error={strands.error} onRetry={strands.refetch} />;
  else if (strands.data.length === 0)
    list = (
      <p className="text-sm text-muted-foreground">
        No strands yet: {area.name} is assessed as a whole until you add them.
      </p>
    );
  else
    list = (
      <ul className="divide-y text-sm" aria-label={`Strands of ${area.name}`}>
        {strands.data.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-2 py-1.5">
            <span className="min-w-0 break-words">{strandText(s)}</span>
            {isAdmin ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${strandText(s)}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(s.id, {
                    onError: (err) =>
                      toast({
                        title: 'Strand not deleted',
                        description: errorMessage(err),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-3">
      {list}
      {isAdmin ? <AddStrandForm area={area} /> : null}
    </div>
  );
}

function AddStrandForm({ area }: { area: LearningArea }) {
  const create = useCreateStrand();
  const form = useForm<StrandForm, unknown, { strand: string; sub_strand?: string }>({
    resolver: zodResolver(strandFormSchema),
    defaultValues: { strand: '', sub_strand: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    create: (values) => create.mutateAsync({ learning_area: area.id, ...values }),
    toasts: {
      notCreated: {
        title: 'Strand not added',
        description: (err) => errorMessage(err, 'The strand could not be added'),
      },
    },
    // Ready for the next one, the strand kept: sub-strands of one strand come in a run.
    onSaved: (saved) => form.reset({ strand: saved.strand, sub_strand: '' }),
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2"
      aria-label={`Add a strand to ${area.name}`}
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label="Strand" error={errors.strand?.message}>
          <Input placeholder="Numbers" {...form.register('strand')} />
        </Field>
        <Field label="Sub-strand (optional)" error={errors.sub_strand?.message}>
          <Input placeholder="Integers" {...form.register('sub_strand')} />
        </Field>
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add strand'}
        </Button>
      </div>
    </form>
  );
}
