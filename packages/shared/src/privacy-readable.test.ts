import { describe, expect, it } from 'vitest';
import type { StudentDataExport } from './privacy';
import { dataExportCsvRows, readableDataExport } from './privacy-readable';

const data = (tables: StudentDataExport['tables']): StudentDataExport => ({
  format: 'shule-student-data/1',
  exported_at: '2026-08-23T21:49:00.000Z',
  school: { id: 1, name: 'Kenya High School' },
  student_id: 5,
  tables,
  labels: { classes: { 3: '4 East' }, exams: { 9: 'End term' }, subjects: { 4: 'Mathematics' } },
});

describe('readableDataExport', () => {
  it('labels the child, names ids, writes dates, money and yes/no for people', () => {
    const r = readableDataExport(
      data({
        payments: [
          { id: 1, student_id: 5, amount_cents: 1_250_050, paid_at: '2026-08-23T21:49:00.000Z' },
        ],
        students: [
          {
            id: 5,
            school_id: 1,
            class_id: 3,
            first_name: 'Wanjiru',
            date_of_birth: '2009-03-02',
            is_active: true,
            gender: 'female',
            sms_consent: 'unknown',
            created_at: '2026-08-23 21:49:00.459+00',
            upi: null,
            photo_consent_by: 7,
          },
        ],
        exam_scores: [{ id: 2, exam_id: 9, subject_id: 4, score: '71.50', mark_code: null }],
      }),
    );
    expect(r.notes[0]).toBe('Kenya High School · exported 24 Aug 2026 00:49 (Nairobi time)');
    expect(r.sections.map((s) => s.title)).toEqual(['The child', 'Marks', 'Payments']);
    expect(r.sections[0]).toEqual({
      title: 'The child',
      kind: 'fields',
      columns: ['Field', 'Value'],
      rows: [
        ['Class', '4 East'],
        ['First name', 'Wanjiru'],
        ['Date of birth', '2 Mar 2009'],
        ['Active', 'Yes'],
        ['Gender', 'Female'],
        ['SMS consent', 'Not asked yet'],
        ['Recorded', '24 Aug 2026 00:49'],
      ],
    });
    expect(r.sections[1]).toMatchObject({
      kind: 'table',
      columns: ['Exam', 'Subject', 'Score'],
      rows: [['End term', 'Mathematics', '71.5']],
    });
    expect(r.sections[2]!.rows).toEqual([['KES 12,500.50', '24 Aug 2026 00:49']]);
  });

  it('says when a kind of record holds only record numbers, and numbers several parents', () => {
    const r = readableDataExport(
      data({
        student_subjects: [{ school_id: 1, student_id: 5 }],
        parents: [
          { id: 1, first_name: 'Grace' },
          { id: 2, first_name: 'Peter' },
        ],
      }),
    );
    expect(r.sections.map((s) => s.title)).toEqual([
      'Parent or guardian 1',
      'Parent or guardian 2',
      'Subjects taken',
    ]);
    expect(r.sections[2]!.rows[0]![0]).toMatch(/^1 record of the school's record numbers only/);
  });
});

describe('dataExportCsvRows', () => {
  it('gives a line per value: section, record, field, value', () => {
    const r = readableDataExport(
      data({
        students: [{ id: 5, first_name: 'Wanjiru' }],
        exam_scores: [
          { exam_id: 9, score: 71 },
          { exam_id: 9, score: 'X' },
        ],
      }),
    );
    expect(dataExportCsvRows(r)).toEqual([
      ['The child', 1, 'First name', 'Wanjiru'],
      ['Marks', 1, 'Exam', 'End term'],
      ['Marks', 1, 'Score', '71'],
      ['Marks', 2, 'Exam', 'End term'],
      ['Marks', 2, 'Score', 'X'],
    ]);
  });
});
