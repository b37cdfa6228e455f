/**
 * A merit list as the API answers it, made for the PDF's tests from the shared KCSE rule (so its
 * numbers agree with each other): `students` students over streams of Form 4, up to 14 subjects,
 * a few X and Y marks and one student without Mathematics.
 */
import { KCSE_BANDS } from '@shule/shared/results/bands';
import type { Mark } from '@shule/shared/results/marks';
import type { MeritList, MeritListRow } from '@shule/shared/results/merit-list';
import { roundHalfUp } from '@shule/shared/results/rounding';
import { competitionRanks, gradingScheme, subjectMarkInput } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';

const SUBJECTS = [
  ['ENG', 'English'],
  ['KIS', 'Kiswahili'],
  ['MAT', 'Mathematics'],
  ['BIO', 'Biology'],
  ['CHE', 'Chemistry'],
  ['PHY', 'Physics'],
  ['HIS', 'History and Government'],
  ['GEO', 'Geography'],
  ['CRE', 'Christian Religious Education'],
  ['AGR', 'Agriculture'],
  ['BST', 'Business Studies'],
  ['CSC', 'Computer Studies'],
  ['FRE', 'French'],
  ['HSC', 'Home Science'],
] as const;

const FIRST = ['Wanjiru', 'Otieno', 'Achieng', 'Kipchoge', 'Mwangi', 'Nafula', 'Chebet', 'Omondi'];
const LAST = ['Kamau', 'Njoroge', 'Wafula', 'Mutua', 'Ochieng', 'Kiprotich', 'Atieno', 'Maina'];

export const schoolFixture: School = {
  id: 1,
  name: 'Kilimani Mixed Secondary School',
  postal_address: 'P.O. Box 12345-00100, Nairobi',
  postal_code: '00100',
  county: 'Nairobi',
  phone_number: '0712345678',
  email: 'info@kilimani.sc.ke',
  website: null,
  motto: null,
  logo: null,
  type: 'CTY',
  levels: ['senior'],
  grading_scheme: 'kcse',
  report_teacher_names: 'initials',
};

export function meritListFixture(
  options: { students?: number; subjects?: number; streams?: string[]; ranks?: boolean } = {},
): MeritList {
  const { students = 40, subjects: subjectCount = 12, ranks = true } = options;
  const streams = options.streams ?? ['4 East', '4 West', '4 North', '4 South'];
  const subjects = SUBJECTS.slice(0, subjectCount).map(([code, name], i) => ({
    id: i + 1,
    code,
    name,
    group: 'other' as const,
    entries: students,
  }));
  const scheme = gradingScheme('kcse');
  // A fixed pseudo-random sequence: the same list on every run.
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };

  const drafts = Array.from({ length: students }, (_, i) => {
    const ability = 25 + random() * 65;
    const marks = subjects.map((s): Mark => {
      if (i === 3 && s.code === 'MAT') return 'X';
      if (i === 5 && s.code === 'CHE') return 'Y';
      return Math.max(0, Math.min(100, Math.round(ability + (random() - 0.5) * 30)));
    });
    const inputs = subjects.map((s, j) => subjectMarkInput(s, marks[j]!, KCSE_BANDS));
    const outcome = scheme.outcome(inputs, KCSE_BANDS);
    const name =
      i === 7
        ? 'Mary-Immaculate Wambui Nyokabi Wanjiku-Kariuki'
        : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    return { i, name, stream: streams[i % streams.length]!, inputs, outcome };
  });

  const keys = drafts.map((d) =>
    d.outcome.status === 'complete' ? [d.outcome.totalPoints!, d.outcome.totalMarks] : null,
  );
  const levelPositions = competitionRanks(keys);
  const streamPositions = new Map<number, number | null>();
  for (const stream of streams) {
    const members = drafts.filter((d) => d.stream === stream);
    competitionRanks(members.map((d) => keys[d.i]!)).forEach((p, k) => {
      streamPositions.set(members[k]!.i, p);
    });
  }

  const rows: MeritListRow[] = drafts.map((d) => ({
    student_id: 1000 + d.i,
    admission_number: String(2021000 + d.i),
    name: d.name,
    class: { id: streams.indexOf(d.stream) + 1, name: d.stream },
    entry: { exam: 'KCPE', index_number: null, marks: 250 + ((d.i * 37) % 180) },
    subjects: d.inputs.map((input) => ({
      subject: input.subjectId,
      mark: input.mark,
      grade: input.grade,
      points: input.points,
      position: null,
    })),
    subject_count: d.outcome.subjectCount,
    total_marks: d.outcome.totalMarks,
    mean_mark: d.outcome.meanMark,
    total_points: d.outcome.totalPoints,
    mean_points: d.outcome.meanPoints,
    mean_grade: d.outcome.meanGrade,
    deviation:
      d.outcome.meanPoints === null ? null : roundHalfUp(((d.i % 9) - 4) * 0.21 + (d.i % 2), 2),
    class_position: ranks ? (streamPositions.get(d.i) ?? null) : null,
    class_size: drafts.filter((o) => o.stream === d.stream).length,
    level_position: ranks ? levelPositions[d.i]! : null,
    level_size: students,
    status: d.outcome.status,
    incomplete: d.outcome.status !== 'complete',
    reason: d.outcome.reason,
  }));
  rows.sort((a, b) =>
    a.level_position !== null && b.level_position !== null
      ? a.level_position - b.level_position
      : a.level_position === null && b.level_position === null
        ? a.name.localeCompare(b.name)
        : a.level_position === null
          ? 1
          : -1,
  );

  return {
    exam: {
      id: 9,
      name: 'End Term',
      term: 'Term 3',
      year: '2026',
      grading_scheme: 'kcse',
      ranks,
    },
    scope: { kind: 'level', name: 'Form 4', level: 'Form 4', class_id: null },
    previous_exam: { id: 8, name: 'Mid Term' },
    subjects,
    rows,
  };
}
