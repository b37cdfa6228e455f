import {
  ATTENDANCE_LABELS,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  attendanceRate,
  type RegisterResponse,
} from '@shule/shared/attendance';
import { formatDate, formatSchoolMoment } from '@shule/shared/display-dates';
import { CheckCheck, Loader2, MessageSquareText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatRate } from '../../lib/queries/attendance';
import { useSaveRegister } from './register';

interface Mark {
  status: AttendanceStatus | null;
  note: string;
}

/** Why the register cannot be changed by the caller, or null when it can. */
export const readOnlyReason = (register: RegisterResponse) =>
  register.closed_reason ??
  (register.may_take ? null : ATTENDANCE_MESSAGES.notClassTeacher(register.class.name));

/** The counts of the marks on screen, as the API counts saved ones. */
export function countMarks(statuses: (AttendanceStatus | null)[]) {
  const counts = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 };
  for (const s of statuses) {
    if (s === null) counts.unmarked++;
    else counts[s]++;
  }
  const recorded = statuses.length - counts.unmarked;
  return { ...counts, recorded, rate: attendanceRate({ ...counts, recorded }) };
}

/** "Register saved: 38 present, 2 absent" (late and excused when there are any). */
export function savedText(counts: RegisterResponse['counts']) {
  const parts = [`${counts.present} present`, `${counts.absent} absent`];
  if (counts.late > 0) parts.push(`${counts.late} late`);
  if (counts.excused > 0) parts.push(`${counts.excused} excused`);
  return `Register saved: ${parts.join(', ')}`;
}

const smsText = (sms: NonNullable<RegisterResponse['absence_sms']>) =>
  `${sms.queued} ${sms.queued === 1 ? 'parent' : 'parents'} texted, ${sms.skipped} left out`;

const CHOICE_STYLE: Record<AttendanceStatus, string> = {
  present: 'border-green-700 bg-green-700 text-white',
  absent: 'border-red-600 bg-red-600 text-white',
  late: 'border-amber-500 bg-amber-400 text-amber-950',
  excused: 'border-slate-600 bg-slate-600 text-white',
};

const COUNT_STYLE: Record<AttendanceStatus, string> = {
  present: 'text-green-700',
  absent: 'text-red-700',
  late: 'text-amber-700',
  excused: 'text-slate-700',
};

/** One day's register of a class: the marks on screen until Save sends them in one request. */
export function RegisterSheet({
  classId,
  date,
  register,
}: {
  classId: number;
  date: string | null;
  register: RegisterResponse;
}) {
  const [marks, setMarks] = useState<Record<number, Mark>>(() =>
    Object.fromEntries(
      register.students.map((s) => [s.id, { status: s.status, note: s.note ?? '' }]),
    ),
  );
  const [notifyAbsent, setNotifyAbsent] = useState(false);
  const [changed, setChanged] = useState(false);
  const save = useSaveRegister(classId, date);
  const locked = readOnlyReason(register);

  // Closing or reloading the tab asks first while marks on screen are not saved.
  useEffect(() => {
    if (!changed) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);
  const counts = countMarks(register.students.map((s) => marks[s.id]?.status ?? null));

  const update = (id: number, change: Partial<Mark>) => {
    setMarks((m) => ({ ...m, [id]: { ...m[id], ...change } as Mark }));
    setChanged(true);
  };
  const allPresent = () => {
    setMarks((m) =>
      Object.fromEntries(
        Object.entries(m).map(([id, mark]) => [
          id,
          mark.status === null ? { ...mark, status: 'present' } : mark,
        ]),
      ),
    );
    setChanged(true);
  };

  const submit = () => {
    const entries = register.students.flatMap((s) => {
      const mark = marks[s.id];
      if (!mark?.status) return [];
      return [{ student: s.id, status: mark.status, note: mark.note.trim() || undefined }];
    });
    save.mutate(
      { entries, notify_absent: notifyAbsent },
      {
        onSuccess: (saved) =>
          toast({
            title: savedText(saved.counts),
            description: saved.absence_sms ? smsText(saved.absence_sms) : undefined,
            variant: 'success',
          }),
        onError: (err) =>
          toast({
            title: 'Could not save the register',
            description: errorMessage(err),
            variant: 'destructive',
            action: { label: 'Try Again', onClick: submit },
          }),
      },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-lg font-semibold">
          {register.class.name} · {formatDate(register.date)}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="register-taken">
          {register.taken_at
            ? `Taken by ${register.taken_by ?? 'someone'}, ${formatSchoolMoment(register.taken_at, { time: true })}`
            : 'Not taken yet'}
        </p>
      </div>

      {locked ? <Alert tone="info">{locked}</Alert> : null}

      <Card className="p-3">
        <dl className="grid grid-cols-5 gap-1 text-center">
          {ATTENDANCE_STATUSES.map((s) => (
            <div key={s}>
              <dt className="text-xs text-muted-foreground">{ATTENDANCE_LABELS[s]}</dt>
              <dd
                className={cn('text-xl font-bold tabular-nums', COUNT_STYLE[s])}
                data-testid={`count-${s}`}
              >
                {counts[s]}
              </dd>
            </div>
          ))}
          <div>
            <dt className="text-xs text-muted-foreground">Rate</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="count-rate">
              {formatRate(counts.rate)}
            </dd>
          </div>
        </dl>
        {counts.unmarked > 0 ? (
          <p className="mt-2 text-center text-xs text-muted-foreground" data-testid="unmarked">
            {counts.unmarked} of {register.students.length} not marked yet
          </p>
        ) : null}
      </Card>

      {locked ? null : (
        <Button
          variant="outline"
          size="lg"
          className="w-full sm:w-auto"
          disabled={counts.unmarked === 0}
          onClick={allPresent}
        >
          <CheckCheck className="h-5 w-5" aria-hidden="true" />
          All present
        </Button>
      )}

      <ul className="divide-y rounded-lg border" aria-label="Students">
        {register.students.map((s) => (
          <StudentRow
            key={s.id}
            student={s}
            mark={marks[s.id] ?? { status: null, note: '' }}
            locked={locked !== null}
            onChange={(change) => update(s.id, change)}
          />
        ))}
      </ul>

      {locked ? null : (
        <div className="sticky bottom-0 -mx-1 flex flex-col gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 accent-primary"
              checked={notifyAbsent}
              onChange={(e) => setNotifyAbsent(e.target.checked)}
            />
            Text the parents of absent students
          </label>
          <div className="flex flex-col items-stretch gap-1 sm:flex-row sm:items-center sm:gap-3">
            <p className="text-center text-xs text-muted-foreground" aria-live="polite">
              {changed && !save.isPending ? 'Changes not saved yet' : ''}
            </p>
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={counts.recorded === 0 || save.isPending}
              onClick={submit}
            >
              {save.isPending ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : null}
              {save.isPending ? 'Saving…' : register.taken_at ? 'Save changes' : 'Save register'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function StudentRow({
  student,
  mark,
  locked,
  onChange,
}: {
  student: RegisterResponse['students'][number];
  mark: Mark;
  locked: boolean;
  onChange(change: Partial<Mark>): void;
}) {
  const [noteOpen, setNoteOpen] = useState(false);
  const name = `${student.first_name} ${student.last_name}`;
  return (
    <li className="space-y-2 p-3" data-testid="register-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="tabular-nums">{student.admission_number}</span>
            {student.absence_sms_sent ? <Badge tone="blue">Parent texted</Badge> : null}
            {locked && mark.status === null ? <span>Not marked</span> : null}
          </p>
        </div>
        <fieldset className="grid grid-cols-4 gap-1 sm:w-[26rem]" disabled={locked}>
          <legend className="sr-only">Mark of {name}</legend>
          {ATTENDANCE_STATUSES.map((status) => {
            const chosen = mark.status === status;
            return (
              <button
                key={status}
                type="button"
                aria-pressed={chosen}
                disabled={locked}
                className={cn(
                  'h-11 rounded-md border text-sm font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                  chosen ? CHOICE_STYLE[status] : 'border-input bg-background hover:bg-muted',
                  locked && !chosen ? 'opacity-50' : '',
                )}
                onClick={() => onChange({ status })}
              >
                {ATTENDANCE_LABELS[status]}
              </button>
            );
          })}
        </fieldset>
      </div>
      {noteOpen && !locked ? (
        <Input
          aria-label={`Note for ${name}`}
          placeholder="Note (optional), e.g. sick, sent home"
          maxLength={200}
          value={mark.note}
          autoFocus
          onChange={(e) => onChange({ note: e.target.value })}
          onBlur={() => setNoteOpen(false)}
        />
      ) : mark.note ? (
        <button
          type="button"
          disabled={locked}
          className="flex items-center gap-1.5 text-left text-sm text-muted-foreground enabled:hover:text-foreground"
          onClick={() => setNoteOpen(true)}
          aria-label={locked ? `Note: ${mark.note}` : `Edit the note for ${name}: ${mark.note}`}
        >
          <MessageSquareText className="h-4 w-4 shrink-0" aria-hidden="true" />
          {mark.note}
        </button>
      ) : locked ? null : (
        <button
          type="button"
          className="text-sm text-primary underline-offset-2 hover:underline"
          onClick={() => setNoteOpen(true)}
          aria-label={`Add note for ${name}`}
        >
          Add note
        </button>
      )}
    </li>
  );
}
