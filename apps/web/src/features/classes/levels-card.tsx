import { CURRICULA, CURRICULUM_LABELS, type Curriculum, type Level } from '@shule/shared/levels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { levelsQueryKey, useLevels } from '../../lib/queries/levels';
import { useSession } from '../../lib/session';

function useSetCurriculum() {
  const { school } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, curriculum }: { id: number; curriculum: Curriculum }) =>
      api.patch<Level>(`/levels/${id}/`, { curriculum }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Level[]>(levelsQueryKey(school?.id), (old) =>
        old?.map((l) => (l.id === updated.id ? updated : l)),
      );
      toast({
        title: `${updated.name} is on ${CURRICULUM_LABELS[updated.curriculum]}`,
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: 'Curriculum not changed',
        description: errorMessage(err),
        variant: 'destructive',
      }),
  });
}

const classCount = (n: number) => (n === 1 ? '1 class' : `${n} classes`);

/**
 * The school's levels (the Level its classes name) and the curriculum each follows, so Forms 3-4
 * can stay on 8-4-4 beside Grades 10-11 on CBC. Only an admin changes one.
 */
export function LevelsCard({ isAdmin }: { isAdmin: boolean }) {
  const levels = useLevels();
  const setCurriculum = useSetCurriculum();

  let body: ReactNode;
  if (levels.isPending) {
    body = <SkeletonRows rows={2} />;
  } else if (levels.isError) {
    body = <LoadError what="the levels" error={levels.error} onRetry={levels.refetch} />;
  } else if (levels.data.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        Give a class a Level (Form 4, Grade 8) and it shows here with its curriculum.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y">
        {levels.data.map((level) => (
          <li key={level.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">{level.name}</span>
              <span className="text-sm text-muted-foreground">{classCount(level.classes)}</span>
              {level.curriculum === 'cbc' ? (
                <Link
                  to={`/levels/${level.id}`}
                  aria-label={`Learning areas of ${level.name}`}
                  className="text-sm font-medium text-primary hover:underline"
                >
                  Learning areas
                </Link>
              ) : null}
            </span>
            {isAdmin ? (
              <Select
                aria-label={`Curriculum of ${level.name}`}
                className="sm:w-48"
                value={level.curriculum}
                disabled={setCurriculum.isPending}
                onChange={(e) =>
                  setCurriculum.mutate({ id: level.id, curriculum: e.target.value as Curriculum })
                }
              >
                {CURRICULA.map((c) => (
                  <option key={c} value={c}>
                    {CURRICULUM_LABELS[c]}
                  </option>
                ))}
              </Select>
            ) : (
              <span className="text-sm">{CURRICULUM_LABELS[level.curriculum]}</span>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="levels-heading" className="mt-6">
      <Card className="p-4">
        <h2 id="levels-heading" className="font-semibold">
          Levels and curricula
        </h2>
        <p className="mb-2 text-sm text-muted-foreground">
          Forms follow 8-4-4 until the last KCSE; Grades and PP follow CBC.
        </p>
        {body}
      </Card>
    </section>
  );
}
