import { describe, expect, it } from 'vitest';
import { isCalendarDate, MESSAGES } from './fields';
import { todayIn } from './school-time';
import {
  type AdmitStudentBody,
  admitStudentBody,
  admitStudentFormSchema,
  ageInYears,
  formatAdmissionNumber,
  getStudentsParams,
  STUDENT_MESSAGES,
  studentAdmittedMessage,
} from './students';

const valid: AdmitStudentBody = {
  first_name: 'Amani',
  last_name: 'Mwangi',
  date_of_birth: '2012-05-14',
  gender: 'female',
  parent: { first_name: 'Grace', last_name: 'Mwangi', phone_number: '0722000111', email: '' },
};

const fieldErrors = (input: Record<string, unknown>) => {
  const result = admitStudentBody.safeParse({ ...valid, ...input });
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
};

describe('admitStudentBody', () => {
  it('accepts a student with a nested parent; consents not sent are unknown', () => {
    expect(admitStudentBody.parse({ ...valid, profile_photo: '' })).toEqual({
      ...valid,
      parent: { first_name: 'Grace', last_name: 'Mwangi', phone_number: '0722000111' },
      consents: { photos: 'unknown', sms: 'unknown' },
    });
  });

  it('gives one clear message per bad field', () => {
    expect(fieldErrors({ first_name: '' })).toEqual({ first_name: ['First name is required'] });
    expect(fieldErrors({ gender: 'boy' })).toEqual({ gender: [STUDENT_MESSAGES.gender] });
    expect(fieldErrors({ date_of_birth: '' })).toEqual({
      date_of_birth: ['Date of birth is required'],
    });
    expect(fieldErrors({ date_of_birth: '14/05/2012' })).toEqual({
      date_of_birth: [STUDENT_MESSAGES.dateFormat],
    });
    expect(fieldErrors({ date_of_birth: '2012-02-30' })).toEqual({
      date_of_birth: [STUDENT_MESSAGES.dateFormat],
    });
    expect(fieldErrors({ date_of_birth: `${Number(todayIn().slice(0, 4)) + 1}-01-01` })).toEqual({
      date_of_birth: [STUDENT_MESSAGES.futureBirth],
    });
    expect(fieldErrors({ parent: undefined })).toEqual({ parent: [STUDENT_MESSAGES.parent] });
    expect(fieldErrors({ parent: { ...valid.parent, phone_number: '072' } })).toEqual({
      'parent.phone_number': [MESSAGES.phone],
    });
    expect(fieldErrors({ parent: { ...valid.parent, first_name: ' ' } })).toEqual({
      'parent.first_name': ['Parent first name is required'],
    });
  });

  it('accepts a birth date of today in Kenya', () => {
    expect(fieldErrors({ date_of_birth: todayIn() })).toEqual({});
  });

  it('the form also needs a class', () => {
    const result = admitStudentFormSchema.safeParse({ ...valid, class_id: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([STUDENT_MESSAGES.chooseClass]);
    expect(admitStudentFormSchema.parse({ ...valid, class_id: '5' }).class_id).toBe(5);
  });
});

describe('getStudentsParams', () => {
  it('takes class 0 as every class', () => {
    expect(getStudentsParams.parse({ class: '0', school: '2' })).toEqual({ class: 0, school: 2 });
    expect(getStudentsParams.safeParse({ class: '-1', school: '2' }).success).toBe(false);
    expect(getStudentsParams.safeParse({ class: '1', school: '0' }).success).toBe(false);
  });
});

describe('dates and numbers', () => {
  it('today is the date in Nairobi (UTC+3)', () => {
    expect(todayIn(undefined, new Date('2024-03-01T20:59:00Z'))).toBe('2024-03-01');
    expect(todayIn(undefined, new Date('2024-03-01T21:00:00Z'))).toBe('2024-03-02');
  });

  it('isCalendarDate', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
  });

  it('ageInYears counts whole years', () => {
    expect(ageInYears('2012-05-14', '2024-05-13')).toBe(11);
    expect(ageInYears('2012-05-14', '2024-05-14')).toBe(12);
    expect(ageInYears('2012-05-14', '2024-12-01')).toBe(12);
    expect(ageInYears('2024-05-14', '2024-05-14')).toBe(0);
  });

  it('admission numbers are zero-padded', () => {
    expect(formatAdmissionNumber(1)).toBe('0001');
    expect(formatAdmissionNumber(123)).toBe('0123');
    expect(formatAdmissionNumber(12345)).toBe('12345');
  });

  it('the admission message says when an existing parent was linked', () => {
    expect(studentAdmittedMessage('0003')).toBe('Student admitted with admission number 0003.');
    expect(
      studentAdmittedMessage('0004', {
        first_name: 'Grace',
        last_name: 'Mwangi',
        phone_number: '0722000111',
      }),
    ).toBe(
      'Student admitted with admission number 0004. Linked to the parent already registered with phone 0722000111 (Grace Mwangi).',
    );
  });
});
