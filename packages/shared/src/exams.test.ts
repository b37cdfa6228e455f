import { describe, expect, it } from 'vitest';
import { classSitsExam, createExamBody, examStatus, updateExamBody } from './exams';

const exam = { start_date: '2024-03-04', end_date: '2024-03-08', is_completed: false };

describe('examStatus', () => {
  it('is Completed when marked completed, whatever the dates', () => {
    expect(examStatus({ ...exam, is_completed: true }, '2024-03-05')).toEqual({
      is_ongoing: false,
      status: 'Completed',
    });
    expect(examStatus({ ...exam, is_completed: true }, '2024-01-01').status).toBe('Completed');
  });
  it('is Ongoing between its dates', () => {
    expect(examStatus(exam, '2024-03-04')).toEqual({ is_ongoing: true, status: 'Ongoing' });
    expect(examStatus(exam, '2024-03-08')).toEqual({ is_ongoing: true, status: 'Ongoing' });
  });
  it('is Upcoming before its start date', () => {
    expect(examStatus(exam, '2024-03-03')).toEqual({ is_ongoing: false, status: 'Upcoming' });
  });
  it('is Completed once its end date has passed, even if not marked', () => {
    expect(examStatus(exam, '2024-03-09')).toEqual({ is_ongoing: false, status: 'Completed' });
  });
});

describe('exam bodies', () => {
  it('accepts start and end as aliases', () => {
    const parsed = createExamBody.parse({
      name: 'Mid term',
      start: '2024-03-04',
      end: '2024-03-08',
    });
    expect(parsed).toMatchObject({ start_date: '2024-03-04', end_date: '2024-03-08' });
  });
  it('refuses an end before the start, on end_date', () => {
    const result = createExamBody.safeParse({
      name: 'Mid term',
      start_date: '2024-03-04',
      end_date: '2024-03-01',
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['end_date'],
      message: 'End date must be on or after the start date',
    });
  });
  it('lets a change send only some fields', () => {
    expect(updateExamBody.parse({ is_completed: true })).toEqual({ is_completed: true });
  });
});

describe('classSitsExam', () => {
  const east = { id: 1, level: 'Form 4' };
  const loose = { id: 2, level: null };
  it('lets every class sit an exam that names none', () => {
    expect(classSitsExam({ classes: [], levels: [] }, east)).toBe(true);
    expect(classSitsExam({ classes: [], levels: [] }, loose)).toBe(true);
  });
  it('lets the named classes and the classes of the named levels sit it', () => {
    expect(classSitsExam({ classes: [], levels: ['Form 4'] }, east)).toBe(true);
    expect(classSitsExam({ classes: [], levels: ['Form 4'] }, loose)).toBe(false);
    expect(classSitsExam({ classes: [2], levels: ['Form 3'] }, loose)).toBe(true);
    expect(classSitsExam({ classes: [2], levels: ['Form 3'] }, east)).toBe(false);
  });
});
