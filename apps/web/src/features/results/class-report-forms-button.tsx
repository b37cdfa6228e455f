import { FileDown, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useDownloadReportForms } from './download-report-forms';

const forms = (n: number) => (n === 1 ? '1 report form' : `${n} report forms`);

/**
 * "Report forms for this class": downloads the class's PDF, one A4 page per student. Making
 * them takes the server a second or two for a big class, so the wait shows.
 */
export function ClassReportFormsButton({
  examId,
  classId,
  className,
  students,
}: {
  examId: number;
  classId: number;
  className: string;
  /** How many forms the PDF will hold: the students listed for the class. */
  students: number;
}) {
  const download = useDownloadReportForms(examId, classId, className);
  const start = () =>
    download.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Report forms ready',
          description: `${forms(students)} of ${className} downloaded.`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({
          title: 'Report forms could not be made',
          description: errorMessage(err),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: start },
        }),
    });
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <Button variant="outline" onClick={start} disabled={download.isPending || students === 0}>
        {download.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <FileDown className="h-4 w-4" aria-hidden="true" />
        )}
        Report forms for this class
      </Button>
      {download.isPending ? (
        <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
          <span className="relative h-1 w-24 overflow-hidden rounded bg-muted" aria-hidden="true">
            <span className="absolute inset-y-0 w-1/3 animate-pulse rounded bg-primary" />
          </span>
          Preparing {forms(students)}…
        </p>
      ) : null}
    </div>
  );
}
