import { describe, expect, it } from 'vitest';
import { smsParts } from './messages';
import {
  type ResultsSmsInput,
  resultsSmsText,
  schoolInitials,
  schoolShortName,
} from './results-sms';

const CODES = ['ENG', 'KIS', 'MAT', 'BIO', 'CHE', 'PHY', 'HIS', 'GEO', 'CRE', 'AGR', 'BST', 'CSC'];
const GRADES = ['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'E'];

const input = (overrides: Partial<ResultsSmsInput> = {}, subjectCount = 8): ResultsSmsInput => ({
  school: 'Kilimani Mixed Secondary School',
  student: { name: 'Amani Mwangi', admission_number: '1234' },
  exam: 'End Term 1',
  subjects: CODES.slice(0, subjectCount).map((code, i) => ({
    code,
    mark: 80 - i * 5,
    grade: GRADES[i]!,
  })),
  mean_grade: 'B+',
  position: { place: 3, of: 45 },
  ...overrides,
});

describe('resultsSmsText', () => {
  it("gives a CBC level's words beside its code, and a KCSE grade alone", () => {
    const cbc = resultsSmsText(
      input({
        subjects: [{ code: 'MAT', mark: 62, grade: 'ME1' }],
        mean_grade: 'ME1',
        position: null,
      }),
    );
    expect(cbc.endsWith('MAT 62ME1. Mean ME1 Meeting Expectations')).toBe(true);
    expect(resultsSmsText(input()).endsWith('Mean B+ Pos 3/45')).toBe(true);
  });

  it('says the school, the student and admission number, the exam, each subject, the mean grade and the position', () => {
    const text = resultsSmsText(input());
    expect(text).toBe(
      'Kilimani Mixed Sec: Amani Mwangi Adm 1234, End Term 1. ' +
        'ENG 80A KIS 75A- MAT 70B+ BIO 65B CHE 60B- PHY 55C+ HIS 50C GEO 45C-. Mean B+ Pos 3/45',
    );
    expect(smsParts(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  it('shows absent and withheld marks as X and Y, and leaves out what the exam does not give', () => {
    const text = resultsSmsText(
      input({
        subjects: [
          { code: 'ENG', mark: 'X', grade: null },
          { code: 'KIS', mark: 'Y', grade: null },
          { code: 'MAT', mark: 62, grade: null },
        ],
        mean_grade: null,
        position: null,
      }),
    );
    expect(text).toBe('Kilimani Mixed Sec: Amani Mwangi Adm 1234, End Term 1. ENG X KIS Y MAT 62.');
  });

  it('drops middle names first, then shortens the school to its initials, then the marks', () => {
    const student = {
      name: 'Mary-Immaculate Wambui Nyokabi Wanjiku-Kariuki',
      admission_number: '2026/0456',
    };
    const withSubjects = (n: number) => resultsSmsText(input({ student }, n));
    expect(withSubjects(5).startsWith('Kilimani Mixed Sec: Mary-Immaculate Wambui Nyokabi')).toBe(
      true,
    );
    expect(withSubjects(6)).toBe(
      'Kilimani Mixed Sec: Mary-Immaculate Wanjiku-Kariuki Adm 2026/0456, End Term 1. ' +
        'ENG 80A KIS 75A- MAT 70B+ BIO 65B CHE 60B- PHY 55C+. Mean B+ Pos 3/45',
    );
    expect(withSubjects(8)).toBe(
      'KMSS: Mary-Immaculate Wanjiku-Kariuki Adm 2026/0456, End Term 1. ' +
        'ENG 80A KIS 75A- MAT 70B+ BIO 65B CHE 60B- PHY 55C+ HIS 50C GEO 45C-. Mean B+ Pos 3/45',
    );
    expect(withSubjects(11)).toBe(
      'KMSS: Mary-Immaculate Wanjiku-Kariuki Adm 2026/0456, End Term 1. ' +
        'ENG A KIS A- MAT B+ BIO B CHE B- PHY C+ HIS C GEO C- CRE D+ AGR D BST D-. Mean B+ Pos 3/45',
    );
    for (const n of [5, 6, 8, 11]) expect(smsParts(withSubjects(n)).parts).toBe(1);
    // A shorter name fits twelve subjects with their marks.
    expect(smsParts(resultsSmsText(input({}, 12)))).toMatchObject({ parts: 1 });
  });

  it('never drops a subject, the mean or the position: past every step it takes two parts', () => {
    const many = input({
      school: 'Saint Bakhita Wamunyu Girls Secondary School',
      student: { name: 'Nyambura Wanjiku-Kariuki', admission_number: 'KHS/2026/00456' },
      exam: 'End of Term Two Joint Evaluation Examination',
      subjects: [...CODES, 'FRE', 'HSC', 'MUS', 'ART'].map((code) => ({
        code,
        mark: 'X' as const,
        grade: null,
      })),
    });
    const text = resultsSmsText(many);
    for (const code of ['ENG', 'ART']) expect(text).toContain(`${code} X`);
    expect(text.endsWith('Mean B+ Pos 3/45')).toBe(true);
    expect(smsParts(text).parts).toBe(2);
  });

  it('writes curly apostrophes and dashes as GSM-7, so a name like Ng’ang’a stays one part of 160', () => {
    const text = resultsSmsText(
      input({ student: { name: 'Wairimu Ng’ang’a', admission_number: '77' }, exam: 'Mid–term' }),
    );
    expect(text).toContain("Wairimu Ng'ang'a Adm 77, Mid-term.");
    expect(smsParts(text).encoding).toBe('GSM-7');
  });
});

describe('school names', () => {
  it('short names drop School and abbreviate Secondary, Primary and Academy', () => {
    expect(schoolShortName('Kilimani Mixed Secondary School')).toBe('Kilimani Mixed Sec');
    expect(schoolShortName('Alliance Girls High School')).toBe('Alliance Girls High');
    expect(schoolShortName('Lenana School')).toBe('Lenana');
    expect(schoolShortName('Starehe Boys Centre and School')).toBe('Starehe Boys Centre');
    expect(schoolShortName('School')).toBe('School');
  });

  it('initials are the first letter of each word', () => {
    expect(schoolInitials('Kilimani Mixed Secondary School')).toBe('KMSS');
    expect(schoolInitials("St. Mary's Girls High School")).toBe('SMGHS');
  });
});
