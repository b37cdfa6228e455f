import type { School } from '@shule/shared/schools';
import { type ReportTeacherNames, reportTeacherName } from '@shule/shared/teaching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { schoolQueryKey, useSchool } from '../../lib/queries/school';
import { useSession } from '../../lib/session';

const EXAMPLE = { first_name: 'John', last_name: 'Mwangi' };
const CHOICES: Record<ReportTeacherNames, string> = {
  initials: `Initials (${reportTeacherName(EXAMPLE, 'initials')})`,
  name: `Names (${reportTeacherName(EXAMPLE, 'name')})`,
};

/** PATCH /api/schools/{id}/ (admin): how report forms and the analysis print subject teachers. */
export function useUpdateReportTeacherNames() {
  const queryClient = useQueryClient();
  const { school } = useSession();
  return useMutation({
    mutationFn: (report_teacher_names: ReportTeacherNames) =>
      api.patch<School>(`/schools/${school!.id}/`, { report_teacher_names }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(schoolQueryKey(updated.id), updated);
      // The forms on screen print the teachers anew.
      await queryClient.invalidateQueries({ queryKey: ['report-cards'] });
    },
  });
}

/**
 * An admin's choice of how the TEACHER column of every report form (and the analysis) names
 * subject teachers: the school's setting, kept on the server.
 */
export function ReportTeacherNamesSetting() {
  const school = useSchool();
  const update = useUpdateReportTeacherNames();
  const id = useId();
  if (!school.data) return null;
  const current = update.isPending ? update.variables : school.data.report_teacher_names;
  const choose = (style: ReportTeacherNames) =>
    update.mutate(style, {
      onSuccess: () =>
        toast({
          title: 'Subject teachers updated',
          description: `Report forms now print subject teachers as ${style === 'name' ? 'names' : 'initials'}.`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({
          title: 'Not updated',
          description: errorMessage(err),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: () => choose(style) },
        }),
    });
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Subject teachers on forms
      </label>
      <Select
        id={id}
        className="sm:w-56"
        value={current}
        disabled={update.isPending}
        onChange={(e) => choose(e.target.value as ReportTeacherNames)}
      >
        {(Object.keys(CHOICES) as ReportTeacherNames[]).map((style) => (
          <option key={style} value={style}>
            {CHOICES[style]}
          </option>
        ))}
      </Select>
    </div>
  );
}
