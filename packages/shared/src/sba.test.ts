import { describe, expect, it } from 'vitest';
import {
  assessmentNumberFormSchema,
  DEFAULT_SBA_COLUMNS,
  missingScoresMessage,
  type SbaAssessmentInput,
  type SbaEntryInput,
  type SbaGradeInput,
  type SbaLearnerInput,
  sbaCompleteness,
  sbaExportTable,
  sbaFileName,
  sbaGapMessage,
  sbaScoreOf,
  sbaSettingsBody,
} from './sba';

const project: SbaAssessmentInput = {
  id: 1,
  learningArea: 10,
  kind: 'sba_project',
  date: '2026-06-01',
  outOf: null,
};
const written: SbaAssessmentInput = {
  id: 2,
  learningArea: 10,
  kind: 'sba_written',
  date: '2026-09-01',
  outOf: 50,
};
const entry = (assessment: number, level: string | null, more: Partial<SbaEntryInput> = {}) => ({
  assessment,
  student: 1,
  level,
  mark: null,
  absent: false,
  ...more,
});

describe('sbaScoreOf: a learner’s SBA score in a learning area', () => {
  it('is null without an entry, and absence counts for nothing (never BE)', () => {
    expect(sbaScoreOf([project], [], 'kjsea')).toBeNull();
    expect(sbaScoreOf([project], [entry(1, null, { absent: true })], 'kjsea')).toBeNull();
  });

  it('means the level points per assessment, then over assessments, rounded half up', () => {
    // Project: strands EE2 (7) and ME1 (6): 6.5. Written: ME2 (5). Mean 5.75: 6, ME1.
    const score = sbaScoreOf(
      [project, written],
      [entry(1, 'EE2'), entry(1, 'ME1'), entry(2, 'ME2')],
      'kjsea',
    );
    expect(score).toEqual({
      level: 'ME1',
      words: 'Meeting Expectations',
      percent: null,
      components: ['sba_project', 'sba_written'],
    });
    // 4 and 3 on the four-level rubric: 3.5 is 4, EE.
    expect(sbaScoreOf([project], [entry(1, 'EE'), entry(1, 'ME')], 'rubric')?.level).toBe('EE');
  });

  it('takes the percentage of all the marks when every assessment counted is a marked test', () => {
    const second = { ...written, id: 3, outOf: 150 };
    // 44 + 135 out of 200 is 89.5%: 90, EE1.
    const score = sbaScoreOf(
      [written, second],
      [entry(2, 'EE1', { mark: 44 }), entry(3, 'EE1', { mark: 135 })],
      'kjsea',
    );
    expect(score).toMatchObject({ level: 'EE1', percent: 90 });
  });
});

const learner = (id: number, first: string, more: Partial<SbaLearnerInput> = {}) => ({
  id,
  classId: 100,
  firstName: first,
  lastName: 'Otieno',
  gender: 'female',
  admissionNumber: `A${id}`,
  upi: null,
  assessmentNumber: `1234567890${id}`,
  birthCertificateNames: null,
  reOption: 'CRE' as const,
  kiswahiliOption: 'KIS' as const,
  specialNeedsCode: null,
  ...more,
});

function grade(): SbaGradeInput {
  return {
    grade: { id: 5, name: 'Grade 8' },
    year: 2026,
    scale: 'kjsea',
    classes: [
      { id: 100, name: '8 East' },
      { id: 101, name: '8 West' },
    ],
    learningAreas: [
      { id: 10, name: 'Agriculture' },
      { id: 11, name: 'Mathematics' },
    ],
    learners: [
      learner(1, 'Achieng'),
      learner(2, 'Baraka', { gender: 'male', assessmentNumber: null }),
      learner(3, 'Chebet', { classId: 101, birthCertificateNames: 'Otieno Chebet Wanjiru' }),
    ],
    assessments: [project, written, { ...project, id: 4, learningArea: 11 }],
    entries: [
      { ...entry(1, 'ME1'), student: 1 },
      { ...entry(2, 'ME2', { mark: 25 }), student: 1 },
      { ...entry(1, 'EE2'), student: 2 },
      { ...entry(4, 'AE1'), student: 1 },
      { ...entry(4, 'ME2'), student: 2 },
      { ...entry(4, 'ME1'), student: 3 },
    ],
  };
}

describe('sbaCompleteness', () => {
  it('names, per class and learning area, who has no score and who lacks a component', () => {
    const answer = sbaCompleteness(grade());
    expect(answer.learning_areas[0]!.components.map((c) => c.assessments)).toEqual([1, 0, 1]);
    const [east, west] = answer.classes;
    expect(east!.gaps).toEqual([
      {
        learning_area: { id: 10, name: 'Agriculture' },
        no_score: [],
        missing_components: [{ kind: 'sba_written', learners: [{ id: 2, name: 'Baraka Otieno' }] }],
        message: '8 East: 1 learner has no Agriculture SBA written test: Baraka Otieno',
      },
    ]);
    expect(west!.gaps.map((g) => g.message)).toEqual([
      '8 West: 1 learner has no Agriculture SBA score: Chebet Otieno',
    ]);
    expect(answer.learners.find((l) => l.id === 1)!.scores.map((s) => s?.level)).toEqual([
      'ME1',
      'AE1',
    ]);
    expect(answer.missing_details).toEqual([
      {
        id: 2,
        name: 'Baraka Otieno',
        class: '8 East',
        missing: ['assessment_number', 'birth_certificate_names'],
      },
      { id: 1, name: 'Achieng Otieno', class: '8 East', missing: ['birth_certificate_names'] },
    ]);
    expect(answer.without_assessment_number).toBe(1);
    expect(answer.complete).toBe(false);
  });

  it('is complete when every learner has a score in every learning area and a number', () => {
    const input = grade();
    const done = sbaCompleteness({
      ...input,
      learners: input.learners.map((l) => ({ ...l, assessmentNumber: `N${l.id}` })),
      assessments: [project, { ...project, id: 4, learningArea: 11 }],
      entries: [1, 2, 3].flatMap((student) => [
        { ...entry(1, 'ME1'), student },
        { ...entry(4, 'ME2'), student },
      ]),
    });
    expect(done.classes.every((c) => c.gaps.length === 0)).toBe(true);
    expect(done.complete).toBe(true);
    expect(missingScoresMessage(1)).toBe('1 SBA score is still missing');
    expect(missingScoresMessage(18)).toBe('18 SBA scores are still missing');
  });

  it('writes the deadline message as the issue gives it', () => {
    expect(sbaGapMessage('Grade 8 East', 'Agriculture', ['Achieng', 'Baraka', 'Chebet'], [])).toBe(
      'Grade 8 East: 3 learners have no Agriculture SBA score: Achieng, Baraka, Chebet',
    );
  });
});

describe('sbaExportTable', () => {
  it('writes the portal’s columns, one a learning area, and lists a learner without a number last', () => {
    const { headers, rows } = sbaExportTable(grade(), DEFAULT_SBA_COLUMNS);
    expect(headers).toEqual([
      'Assessment Number',
      'Names',
      'Gender',
      'RE option',
      'Kiswahili or KSL',
      'Special-needs code',
      'Agriculture',
      'Mathematics',
    ]);
    expect(rows).toEqual([
      ['12345678901', 'Achieng Otieno', 'F', 'CRE', 'KIS', '', 'ME1', 'AE1'],
      ['12345678903', 'Otieno Chebet Wanjiru', 'F', 'CRE', 'KIS', '', '', 'ME1'],
      ['', 'Baraka Otieno', 'M', 'CRE', 'KIS', '', 'EE2', 'ME2'],
    ]);
  });

  it('follows the school’s order', () => {
    const { headers, rows } = sbaExportTable(grade(), [
      'learning_areas',
      'names',
      'assessment_number',
      'class',
    ]);
    expect(headers).toEqual(['Agriculture', 'Mathematics', 'Names', 'Assessment Number', 'Class']);
    expect(rows[0]).toEqual(['ME1', 'AE1', 'Achieng Otieno', '12345678901', '8 East']);
  });

  it('names the file after the grade and year', () => {
    expect(sbaFileName('Grade 8', 2026)).toBe('sba-grade-8-2026.csv');
  });
});

describe('sbaSettingsBody', () => {
  it('takes an order with the required columns, each once', () => {
    expect(
      sbaSettingsBody.safeParse({ columns: ['names', 'assessment_number', 'learning_areas'] })
        .success,
    ).toBe(true);
    const twice = sbaSettingsBody.safeParse({
      columns: ['names', 'names', 'assessment_number', 'learning_areas'],
    });
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['Names is in the order twice']);
    const without = sbaSettingsBody.safeParse({ columns: ['names', 'learning_areas'] });
    expect(without.error?.issues.map((i) => i.message)).toEqual([
      'The export needs the column Assessment Number',
    ]);
    expect(sbaSettingsBody.safeParse({ columns: ['names', 'shoe_size'] }).success).toBe(false);
  });
});

describe('assessmentNumberFormSchema', () => {
  it('needs a number of letters and digits, kept in upper case', () => {
    expect(assessmentNumberFormSchema.parse({ assessment_number: ' ab12 ' })).toEqual({
      assessment_number: 'AB12',
    });
    for (const bad of ['', '  ', '12-3']) {
      expect(assessmentNumberFormSchema.safeParse({ assessment_number: bad }).success).toBe(false);
    }
  });
});
