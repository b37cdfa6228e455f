import {
  missingScoresMessage,
  SBA_DETAIL_MISSING,
  SBA_KIND_SHORT_LABELS,
  type SbaCompleteness,
  withoutAssessmentNumberMessage,
} from '@shule/shared/sba';
import { todayIn } from '@shule/shared/school-time';
import { ClipboardCheck, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { Table, TBody, Td, THead, Th, Tr } from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useLevels } from '../../lib/queries/levels';
import { AssessmentNumberInline } from './assessment-number-form';
import { downloadSbaFile, useSbaCompleteness } from './sba-api';
import { SbaColumnOrder } from './sba-column-order';

const thisYear = () => Number(todayIn().slice(0, 4));

/**
 * KNEC's school-based assessment for the administrator: a CBC grade and year, who still lacks
 * an SBA score before the deadline, each learner's scores, the export's column order and the
 * CSV for the CBA portal (docs/sba-export.md).
 */
export function SbaPage() {
  const levels = useLevels();
  const grades = (levels.data ?? []).filter((l) => l.curriculum === 'cbc' && l.classes > 0);
  const [chosen, setChosen] = useState<number | null>(null);
  const year = useYearState();
  const grade = chosen ?? grades[0]?.id ?? null;

  let body: ReactNode;
  if (levels.isPending) body = <SkeletonRows rows={5} />;
  else if (levels.isError)
    body = <LoadError what="the grades" error={levels.error} onRetry={levels.refetch} />;
  else if (grades.length === 0)
    body = (
      <EmptyState
        icon={<ClipboardCheck className="h-10 w-10" />}
        title="No CBC grades yet"
        hint="Give a class a CBC level (Grade 7, Grade 8) on the Classes page, then record its SBA projects, practicals and written tests."
        action={
          <Link to="/classes" className="text-sm font-medium text-primary hover:underline">
            Go to classes
          </Link>
        }
      />
    );
  else body = <SbaGrade grade={grade!} year={year.value} />;

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader title="School-based assessment (KNEC)" />
      <p className="-mt-3 text-sm text-muted-foreground">
        KNEC collects each learner's SBA score per learning area on the CBA portal by its deadline
        (a fine for each late score). Check every learner has one, then download the grade's file.
      </p>
      {grades.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Grade" className="w-44">
            <Select value={grade ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
              {grades.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Year" className="w-32">
            <Select value={year.value} onChange={(e) => year.set(Number(e.target.value))}>
              {year.options.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </Select>
          </Field>
          <DownloadButton grade={grade!} year={year.value} />
        </div>
      ) : null}
      {body}
      {grades.length > 0 ? <SbaColumnOrder /> : null}
    </div>
  );
}

function useYearState() {
  const now = thisYear();
  const [value, set] = useState(now);
  return { value, set, options: [now, now - 1, now - 2] };
}

function DownloadButton({ grade, year }: { grade: number; year: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSbaFile(grade, year);
      toast({ title: 'SBA file ready', description: 'The file is in your downloads' });
    } catch (err) {
      toast({ title: 'Not downloaded', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={download} disabled={busy} className="mb-0.5">
      <Download className="h-4 w-4" aria-hidden="true" />
      {busy ? 'Preparing…' : 'Download CSV'}
    </Button>
  );
}

function SbaGrade({ grade, year }: { grade: number; year: number }) {
  const sba = useSbaCompleteness(grade, year);
  if (sba.isPending) return <SkeletonRows rows={6} />;
  if (sba.isError)
    return <LoadError what="the SBA scores" error={sba.error} onRetry={sba.refetch} />;
  const data = sba.data;
  if (data.learners.length === 0)
    return (
      <EmptyState
        title={`No learners in ${data.grade.name}`}
        hint="Admit learners to the grade's classes first."
      />
    );
  return (
    <div className="space-y-5">
      <Summary data={data} />
      <Components data={data} />
      <Gaps data={data} />
      <MissingDetails data={data} />
      <Scores data={data} />
    </div>
  );
}

function Summary({ data }: { data: SbaCompleteness }) {
  const missing = data.classes
    .flatMap((c) => c.gaps)
    .reduce((sum, g) => sum + g.no_score.length, 0);
  if (data.complete)
    return (
      <Alert tone="success">
        {data.grade.name} {data.year} is complete: all {data.learners.length} learners have an SBA
        score in every learning area and an Assessment Number.
      </Alert>
    );
  return (
    <Alert tone="warning">
      <p className="font-medium">
        {data.grade.name} {data.year} is not complete yet.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {missing > 0 ? <li>{missingScoresMessage(missing)}.</li> : null}
        {data.without_assessment_number > 0 ? (
          <li>{withoutAssessmentNumberMessage(data.without_assessment_number)}.</li>
        ) : null}
      </ul>
    </Alert>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Components({ data }: { data: SbaCompleteness }) {
  const kinds = data.learning_areas[0]?.components ?? [];
  return (
    <Section
      title="SBA components"
      description={`The SBA assessments of ${data.grade.name} in ${data.year}, per learning area: projects and practicals in Term 2, written tests in Term 3.`}
    >
      <Table>
        <THead>
          <Tr>
            <Th className="max-sm:px-2">Learning area</Th>
            {kinds.map((k) => (
              <Th key={k.kind} className="text-center max-sm:px-2">
                {SBA_KIND_SHORT_LABELS[k.kind]}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {data.learning_areas.map((area) => (
            <Tr key={area.id}>
              <Td className="font-medium max-sm:px-2">{area.name}</Td>
              {area.components.map((c) => (
                <Td key={c.kind} className="text-center max-sm:px-2">
                  {c.assessments === 0 ? (
                    <span className="text-muted-foreground">None</span>
                  ) : (
                    c.assessments
                  )}
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </Section>
  );
}

function Gaps({ data }: { data: SbaCompleteness }) {
  const withGaps = data.classes.filter((c) => c.gaps.length > 0);
  return (
    <Section
      title="Missing SBA scores"
      description="Per class and learning area, the learners the portal will ask for."
    >
      {withGaps.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Every learner has a score in every learning area.
        </p>
      ) : (
        <div className="space-y-4">
          {withGaps.map((cls) => (
            <div key={cls.id}>
              <h3 className="mb-1 text-sm font-semibold">
                {cls.name}{' '}
                <span className="font-normal text-muted-foreground">({cls.learners} learners)</span>
              </h3>
              <ul className="space-y-1 text-sm">
                {cls.gaps.map((gap) => (
                  <li key={gap.learning_area.id} className="rounded-md bg-muted/60 px-3 py-2">
                    {gap.message.slice(cls.name.length + 2)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

function MissingDetails({ data }: { data: SbaCompleteness }) {
  if (data.missing_details.length === 0) return null;
  return (
    <Section
      title="Learners missing portal details"
      description="Learners without an Assessment Number are in the file with an empty first cell: enter it here or on the learner's page. Names without the birth certificate's order are written first name, then last name."
    >
      <ul className="divide-y text-sm">
        {data.missing_details.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-2 py-2">
            <Link to={`/students/${l.id}`} className="font-medium text-primary hover:underline">
              {l.name}
            </Link>
            <span className="text-muted-foreground">{l.class}</span>
            <span className="flex flex-wrap gap-1 sm:ml-auto">
              {l.missing.map((m) => (
                <Badge key={m} tone={m === 'assessment_number' ? 'red' : 'yellow'}>
                  {SBA_DETAIL_MISSING[m]}
                </Badge>
              ))}
            </span>
            {l.missing.includes('assessment_number') ? (
              <AssessmentNumberInline learner={l} />
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Scores({ data }: { data: SbaCompleteness }) {
  return (
    <Section
      title="Scores by learning area"
      description="Each learner's SBA score: the rubric level with its words, and the percentage where every SBA was a marked test."
    >
      <div className="max-h-[32rem] overflow-auto">
        <Table scrollLabel="Scores by learning area">
          <THead>
            <Tr>
              <Th className="sticky left-0 bg-background">Learner</Th>
              {data.learning_areas.map((a) => (
                <Th key={a.id} className="min-w-32">
                  {a.name}
                </Th>
              ))}
            </Tr>
          </THead>
          <TBody>
            {data.learners.map((l) => (
              <Tr key={l.id}>
                <Td className="sticky left-0 bg-background">
                  <div className="font-medium">{l.name}</div>
                  <div className="text-xs text-muted-foreground">
                    {l.class} · {l.assessment_number ?? 'No Assessment Number'}
                  </div>
                </Td>
                {l.scores.map((s, i) =>
                  s ? (
                    <Td key={data.learning_areas[i]!.id}>
                      <div className="font-medium">
                        {s.level}
                        {s.percent !== null ? (
                          <span className="font-normal text-muted-foreground"> ({s.percent}%)</span>
                        ) : null}
                      </div>
                      <div className="text-xs text-muted-foreground">{s.words}</div>
                    </Td>
                  ) : (
                    <Td key={data.learning_areas[i]!.id} className="text-muted-foreground">
                      {l.takes[i] === false ? 'Not taken' : 'No score'}
                    </Td>
                  ),
                )}
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </Section>
  );
}
