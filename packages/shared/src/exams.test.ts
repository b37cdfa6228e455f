import { describe, expect, it } from 'vitest';
import { classSitsExam, createExamBody, equalWeights, examStatus, updateExamBody } from './exams';

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

describe('combined exam components', () => {
  const base = { name: 'Term 1 result', start_date: '2024-04-01', end_date: '2024-04-01' };
  const issue = (components: unknown) =>
    createExamBody.safeParse({ ...base, components }).error?.issues[0];
  it('accepts two exams weighted 30 and 70, and null or [] for an ordinary exam', () => {
    const components = [
      { exam: 3, weight: 30 },
      { exam: 4, weight: 70 },
    ];
    expect(createExamBody.parse({ ...base, components }).components).toEqual(components);
    expect(createExamBody.parse({ ...base, components: null }).components).toBeNull();
    expect(createExamBody.parse({ ...base, components: [] }).components).toEqual([]);
  });
  it('refuses weights that do not add up to 100, on components', () => {
    expect(
      issue([
        { exam: 3, weight: 30 },
        { exam: 4, weight: 60 },
      ]),
    ).toMatchObject({
      path: ['components'],
      message: 'The weights must add up to 100, not 90',
    });
  });
  it('refuses one exam, the same exam twice, and a weight outside 1 to 100', () => {
    expect(issue([{ exam: 3, weight: 100 }])?.message).toBe('Combine at least two exams');
    expect(
      issue([
        { exam: 3, weight: 50 },
        { exam: 3, weight: 50 },
      ])?.message,
    ).toBe('Each exam can be combined once');
    expect(
      issue([
        { exam: 3, weight: 0 },
        { exam: 4, weight: 100 },
      ]),
    ).toMatchObject({
      path: ['components', 0, 'weight'],
      message: 'Each weight must be a whole number from 1 to 100',
    });
    expect(
      issue([
        { exam: 3, weight: 40.5 },
        { exam: 4, weight: 59.5 },
      ])?.message,
    ).toBe('Each weight must be a whole number from 1 to 100');
  });
  it('lets a change make an exam ordinary again', () => {
    expect(updateExamBody.parse({ components: [] })).toEqual({ components: [] });
  });
});

describe('equalWeights', () => {
  it('gives whole weights adding up to 100, the first ones taking what is left', () => {
    expect(equalWeights(2)).toEqual([50, 50]);
    expect(equalWeights(3)).toEqual([34, 33, 33]);
    expect(equalWeights(6)).toEqual([17, 17, 17, 17, 16, 16]);
    for (let n = 1; n <= 20; n++) expect(equalWeights(n).reduce((a, b) => a + b)).toBe(100);
  });
});
