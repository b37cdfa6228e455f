import {
  type Combination,
  KJSEA_LEVELS,
  type Pathway,
  type PathwaysResponse,
  type SeniorSettings,
} from '@shule/shared/senior';
import { CORE_OPTION_LABELS } from '@shule/shared/senior-setup';
import { Layers, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { RowActions } from '../../components/ui/row-actions';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useIsAdmin } from '../../lib/roles';
import { CombinationDialog } from './combination-dialog';
import { NameDialog, type NameDialogState } from './name-dialog';
import {
  useCombinations,
  useCreateTrack,
  useDeleteCombination,
  useDeleteTrack,
  useFillDefaultPathways,
  usePathways,
  useRemoveSeniorSubject,
  useRenameTrack,
  useSaveSeniorSettings,
  useSeniorSettings,
  useUpdatePathway,
} from './senior-api';
import { SubjectDialog, type SubjectTarget } from './subject-dialog';

/** Something to delete, asked about first. */
interface Deleting {
  title: string;
  description: string;
  done: string;
  run(): Promise<unknown>;
}

/** Senior school (Grades 10-12): pathways, tracks and subjects, combinations, and the rules. */
export function SeniorPage() {
  const pathways = usePathways();
  const fill = useFillDefaultPathways();
  const isAdmin = useIsAdmin();

  let body: ReactNode;
  if (pathways.isPending) body = <SkeletonRows rows={6} />;
  else if (pathways.isError)
    body = <LoadError what="the pathways" error={pathways.error} onRetry={pathways.refetch} />;
  else if (pathways.data.pathways.length === 0)
    body = (
      <EmptyState
        icon={<Layers className="h-10 w-10" />}
        title="No pathways yet"
        hint="Start from the Ministry's pathways, tracks and subjects (STEM, Social Sciences, Arts and Sports Science), then change them to your school's."
        action={
          isAdmin ? (
            <Button
              disabled={fill.isPending}
              onClick={() =>
                fill.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Pathways filled in', variant: 'success' }),
                  onError: (err) =>
                    toast({
                      title: 'Not filled in',
                      description: errorMessage(err),
                      variant: 'destructive',
                    }),
                })
              }
            >
              Fill in the Ministry's pathways
            </Button>
          ) : null
        }
      />
    );
  else body = <SeniorSetup lists={pathways.data} isAdmin={isAdmin} />;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Senior school" />
      <p className="-mt-3 mb-5 text-sm text-muted-foreground">
        Grades 10-12: the combinations the Ministry approved for your school, each pathway's tracks
        and electives, and the core subjects every learner takes.
      </p>
      {body}
    </div>
  );
}

function SeniorSetup({ lists, isAdmin }: { lists: PathwaysResponse; isAdmin: boolean }) {
  const updatePathway = useUpdatePathway();
  const createTrack = useCreateTrack();
  const renameTrack = useRenameTrack();
  const deleteTrack = useDeleteTrack();
  const removeSubject = useRemoveSeniorSubject();
  const [naming, setNaming] = useState<NameDialogState | null>(null);
  const [adding, setAdding] = useState<SubjectTarget | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleting.run();
      toast({ title: deleting.done, variant: 'success' });
    } catch (err) {
      toast({ title: 'Not deleted', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const removing = (subject: { id: number; name: string }): Deleting => ({
    title: `Remove ${subject.name} from senior school?`,
    description: `${subject.name} stays one of your school's subjects; it is no longer offered in Grades 10-12.`,
    done: `${subject.name} removed`,
    run: () => removeSubject.mutateAsync(subject.id),
  });

  return (
    <div className="space-y-8">
      <Combinations pathways={lists.pathways} isAdmin={isAdmin} onDelete={setDeleting} />

      <section aria-labelledby="pathways-heading" className="space-y-3">
        <h2 id="pathways-heading" className="text-lg font-semibold">
          Pathways, tracks and electives
        </h2>
        {lists.pathways.map((pathway) => (
          <PathwayCard
            key={pathway.id}
            pathway={pathway}
            isAdmin={isAdmin}
            onEdit={() =>
              setNaming({
                title: `Edit ${pathway.name}`,
                label: 'Pathway',
                name: pathway.name,
                coreMathematics: pathway.core_mathematics,
                done: 'Pathway saved',
                save: (v) =>
                  updatePathway.mutateAsync({
                    id: pathway.id,
                    name: v.name,
                    core_mathematics: v.core_mathematics,
                  }),
              })
            }
            onAddTrack={() =>
              setNaming({
                title: `Add a track to ${pathway.name}`,
                label: 'Track',
                name: '',
                done: 'Track added',
                save: (v) => createTrack.mutateAsync({ pathway: pathway.id, name: v.name }),
              })
            }
            onRenameTrack={(track) =>
              setNaming({
                title: `Rename ${track.name}`,
                label: 'Track',
                name: track.name,
                done: 'Track renamed',
                save: (v) => renameTrack.mutateAsync({ id: track.id, name: v.name }),
              })
            }
            onDeleteTrack={(track) =>
              setDeleting({
                title: `Delete ${track.name}?`,
                description: `${track.name} and its ${track.subjects.length} electives leave senior school; the subjects stay your school's.`,
                done: `${track.name} deleted`,
                run: () => deleteTrack.mutateAsync(track.id),
              })
            }
            onAddElective={(track) =>
              setAdding({ kind: 'elective', trackId: track.id, trackName: track.name })
            }
            onRemoveSubject={(s) => setDeleting(removing(s))}
          />
        ))}
      </section>

      <CoreSubjects
        lists={lists}
        isAdmin={isAdmin}
        onAdd={() => setAdding({ kind: 'core' })}
        onRemove={(s) => setDeleting(removing(s))}
      />

      <Settings isAdmin={isAdmin} />

      <NameDialog state={naming} onOpenChange={(open) => !open && setNaming(null)} />
      <SubjectDialog
        target={adding}
        lists={lists}
        onOpenChange={(open) => !open && setAdding(null)}
      />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.title ?? ''}
        description={deleting?.description}
        confirmLabel={deleting?.title.startsWith('Remove') ? 'Remove' : 'Delete'}
        busyLabel={deleting?.title.startsWith('Remove') ? 'Removing...' : 'Deleting...'}
        busy={busy}
        onConfirm={confirm}
      />
    </div>
  );
}

type Track = Pathway['tracks'][number];

function PathwayCard({
  pathway,
  isAdmin,
  onEdit,
  onAddTrack,
  onRenameTrack,
  onDeleteTrack,
  onAddElective,
  onRemoveSubject,
}: {
  pathway: Pathway;
  isAdmin: boolean;
  onEdit(): void;
  onAddTrack(): void;
  onRenameTrack(track: Track): void;
  onDeleteTrack(track: Track): void;
  onAddElective(track: Track): void;
  onRemoveSubject(subject: { id: number; name: string }): void;
}) {
  return (
    <Card className="p-4" aria-label={pathway.name} role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">{pathway.name}</h3>
          <Badge tone={pathway.core_mathematics ? 'blue' : 'neutral'}>
            {pathway.core_mathematics ? 'Core Mathematics' : 'Essential Mathematics'}
          </Badge>
        </div>
        {isAdmin ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={onEdit}
              aria-label={`Edit ${pathway.name}`}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="outline" onClick={onAddTrack}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add track
            </Button>
          </div>
        ) : null}
      </div>
      <ul className="mt-3 space-y-3">
        {pathway.tracks.map((track) => (
          <li key={track.id} className="rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <h4 className="min-w-0 break-words text-sm font-medium">{track.name}</h4>
              {isAdmin ? (
                <RowActions
                  look="icon"
                  name={track.name}
                  onEdit={() => onRenameTrack(track)}
                  onDelete={() => onDeleteTrack(track)}
                />
              ) : null}
            </div>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Electives of ${track.name}`}>
              {track.subjects.map((s) => (
                <li key={s.id}>
                  <SubjectChip subject={s} isAdmin={isAdmin} onRemove={() => onRemoveSubject(s)} />
                </li>
              ))}
              {isAdmin ? (
                <li>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onAddElective(track)}
                    aria-label={`Add an elective to ${track.name}`}
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    Add
                  </Button>
                </li>
              ) : null}
            </ul>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function SubjectChip({
  subject,
  isAdmin,
  onRemove,
  note,
}: {
  subject: { id: number; name: string; code: string };
  isAdmin: boolean;
  onRemove(): void;
  note?: string;
}) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border bg-muted/40 py-1 pl-3 pr-1 text-sm">
      <span>{subject.name}</span>
      <span className="text-xs text-muted-foreground">{subject.code}</span>
      {note ? <span className="text-xs text-muted-foreground">· {note}</span> : null}
      {isAdmin ? (
        <button
          type="button"
          className="rounded-full p-1 text-muted-foreground hover:bg-red-50 hover:text-destructive"
          aria-label={`Remove ${subject.name}`}
          onClick={onRemove}
        >
          <X className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
      ) : (
        <span className="pr-2" />
      )}
    </span>
  );
}

function CoreSubjects({
  lists,
  isAdmin,
  onAdd,
  onRemove,
}: {
  lists: PathwaysResponse;
  isAdmin: boolean;
  onAdd(): void;
  onRemove(subject: { id: number; name: string }): void;
}) {
  return (
    <section aria-labelledby="core-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="core-heading" className="text-lg font-semibold">
          Core subjects
        </h2>
        {isAdmin ? (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add core subject
          </Button>
        ) : null}
      </div>
      <Card className="p-4">
        <ul className="divide-y" aria-label="Core subjects">
          {lists.core.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium">
                  {s.name} <span className="text-xs text-muted-foreground">{s.code}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {CORE_OPTION_LABELS[s.option ?? 'all']}
                </p>
              </div>
              {isAdmin ? (
                <Button
                  size="icon"
                  variant="ghost"
                  className="text-destructive"
                  aria-label={`Remove ${s.name}`}
                  onClick={() => onRemove(s)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

function Combinations({
  pathways,
  isAdmin,
  onDelete,
}: {
  pathways: Pathway[];
  isAdmin: boolean;
  onDelete(deleting: Deleting): void;
}) {
  const combinations = useCombinations();
  const remove = useDeleteCombination();
  const [dialog, setDialog] = useState<{ editing: Combination | null } | null>(null);
  const subjectsOf = (c: Combination) => c.subjects.map((s) => s.name).join(', ');
  const capacityOf = (c: Combination) => (c.capacity === null ? 'No limit' : String(c.capacity));
  const deleting = (c: Combination): Deleting => ({
    title: `Delete ${c.name}?`,
    description: `${c.name} (${subjectsOf(c)}) will no longer be one of your school's combinations.`,
    done: `${c.name} deleted`,
    run: () => remove.mutateAsync(c.id),
  });

  let body: ReactNode;
  if (combinations.isPending) body = <SkeletonRows rows={3} />;
  else if (combinations.isError)
    body = (
      <LoadError
        what="the combinations"
        error={combinations.error}
        onRetry={combinations.refetch}
      />
    );
  else if (combinations.data.length === 0)
    body = (
      <EmptyState
        title="No combinations yet"
        hint="Add each combination the Ministry approved for your school."
      />
    );
  else
    body = (
      <CardsOrTable
        label="Combinations"
        rows={combinations.data}
        rowKey={(c) => c.id}
        card={(c) => (
          <Card className="p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{c.name}</p>
                <p className="text-sm text-muted-foreground">{c.pathway_name}</p>
              </div>
              {isAdmin ? (
                <RowActions
                  look="icon"
                  name={c.name}
                  onEdit={() => setDialog({ editing: c })}
                  onDelete={() => onDelete(deleting(c))}
                />
              ) : null}
            </div>
            <p className="mt-1 text-sm">{subjectsOf(c)}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              Capacity {capacityOf(c)} · {c.learners} {c.learners === 1 ? 'learner' : 'learners'}
            </p>
          </Card>
        )}
        columns={[
          { header: 'Name', cell: (c) => <span className="font-medium">{c.name}</span> },
          { header: 'Pathway', cell: (c) => c.pathway_name },
          { header: 'Subjects', cell: subjectsOf },
          { header: 'Capacity', cell: capacityOf },
          { header: 'Learners', cell: (c) => c.learners },
          isAdmin && {
            header: 'Actions',
            headerClassName: 'text-right',
            cell: (c) => (
              <RowActions
                look="ghost"
                name={c.name}
                onEdit={() => setDialog({ editing: c })}
                onDelete={() => onDelete(deleting(c))}
              />
            ),
          },
        ]}
      />
    );

  return (
    <section aria-labelledby="combinations-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="combinations-heading" className="text-lg font-semibold">
          Combinations
        </h2>
        {isAdmin ? (
          <Button size="sm" onClick={() => setDialog({ editing: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add combination
          </Button>
        ) : null}
      </div>
      {body}
      <CombinationDialog
        pathways={pathways}
        open={dialog != null}
        onOpenChange={(open) => !open && setDialog(null)}
        editing={dialog?.editing ?? null}
      />
    </section>
  );
}

function Settings({ isAdmin }: { isAdmin: boolean }) {
  const settings = useSeniorSettings();
  const save = useSaveSeniorSettings();
  const [draft, setDraft] = useState<SeniorSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  let body: ReactNode;
  if (settings.isPending || (!draft && !settings.isError)) body = <SkeletonRows rows={2} />;
  else if (settings.isError)
    body = <LoadError what="the settings" error={settings.error} onRetry={settings.refetch} />;
  else if (draft) {
    const changed =
      draft.core_mathematics_from !== settings.data.core_mathematics_from ||
      draft.internal_ranking !== settings.data.internal_ranking;
    body = (
      <Card className="space-y-4 p-4">
        <Field
          label="Core Mathematics outside STEM"
          hint="A learner of another pathway may take Core Mathematics from this KJSEA Mathematics level."
        >
          <Select
            value={draft.core_mathematics_from ?? ''}
            disabled={!isAdmin}
            onChange={(e) =>
              setDraft({
                ...draft,
                core_mathematics_from:
                  e.target.value === ''
                    ? null
                    : (e.target.value as SeniorSettings['core_mathematics_from']),
              })
            }
          >
            <option value="">Not at all</option>
            {KJSEA_LEVELS.map((level) => (
              <option key={level} value={level}>
                From {level} or above
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={draft.internal_ranking}
            disabled={!isAdmin}
            onChange={(e) => setDraft({ ...draft, internal_ranking: e.target.checked })}
          />
          <span>
            Rank Grades 10-12 learners on the school's internal lists
            <span className="block text-xs text-muted-foreground">
              Off: results show levels and no positions.
            </span>
          </span>
        </label>
        {isAdmin ? (
          <div className="flex justify-end">
            <Button
              disabled={!changed || save.isPending}
              onClick={() =>
                save.mutate(draft, {
                  onSuccess: () => toast({ title: 'Settings saved', variant: 'success' }),
                  onError: (err) =>
                    toast({
                      title: 'Settings not saved',
                      description: errorMessage(err),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {save.isPending ? '... Saving' : 'Save settings'}
            </Button>
          </div>
        ) : null}
      </Card>
    );
  }

  return (
    <section aria-labelledby="settings-heading" className="space-y-3">
      <h2 id="settings-heading" className="text-lg font-semibold">
        Settings
      </h2>
      {body}
    </section>
  );
}
