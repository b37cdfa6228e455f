import { describe, expect, it } from 'vitest';
import { MESSAGES } from './fields';
import {
  createTeacherBody,
  matchesTeacherSearch,
  TEACHER_MESSAGES,
  type TeacherRow,
  teacherCreatedMessage,
} from './teachers';

const valid = {
  first_name: ' Peter ',
  last_name: 'Otieno',
  phone_number: '0712345678',
  tsc_number: 'TSC123456',
};

const messagesFor = (input: Record<string, unknown>) => {
  const result = createTeacherBody.safeParse({ ...valid, ...input });
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe('createTeacherBody', () => {
  it('accepts the create fields and drops empty optional ones', () => {
    expect(
      createTeacherBody.parse({
        ...valid,
        email: '',
        gender: '',
        profile_photo: '',
        role: 'teacher',
        school: '4',
      }),
    ).toEqual({
      first_name: 'Peter',
      last_name: 'Otieno',
      phone_number: '0712345678',
      tsc_number: 'TSC123456',
      role: 'teacher',
      school: 4,
    });
  });

  it('gives the messages of the teacher form', () => {
    expect(messagesFor({ first_name: '' }).first_name).toEqual(['First name is required']);
    expect(messagesFor({ last_name: undefined }).last_name).toEqual(['Last name is required']);
    expect(messagesFor({ phone_number: '12345' }).phone_number).toEqual([MESSAGES.phone]);
    expect(messagesFor({ tsc_number: ' ' }).tsc_number).toEqual(['TSC number is required']);
    expect(messagesFor({ email: 'nope' }).email).toEqual([MESSAGES.email]);
    expect(messagesFor({ role: 'admin' }).role).toEqual([TEACHER_MESSAGES.role]);
    expect(messagesFor({ gender: 'x' }).gender).toEqual([TEACHER_MESSAGES.gender]);
  });

  it('shows the one-time password in the message', () => {
    expect(teacherCreatedMessage('0712345678', 'Abc234defg')).toBe(
      'Teacher added. They can log in with phone 0712345678 and the one-time password Abc234defg; Shule asks them to choose their own when they first log in.',
    );
  });
});

describe('matchesTeacherSearch', () => {
  const teacher: TeacherRow = {
    id: 3,
    subject: null,
    tsc_number: 'TSC1',
    is_active: true,
    assignments: [],
    user: {
      id: 42,
      first_name: 'Peter',
      last_name: 'Otieno',
      email: null,
      gender: null,
      class: null,
      profile_photo: null,
      phone_number: '0712345678',
    },
  };
  it('matches first name, last name or user id, ignoring case', () => {
    expect(matchesTeacherSearch(teacher, 'pet')).toBe(true);
    expect(matchesTeacherSearch(teacher, 'OTIENO')).toBe(true);
    expect(matchesTeacherSearch(teacher, '42')).toBe(true);
    expect(matchesTeacherSearch(teacher, '  ')).toBe(true);
    expect(matchesTeacherSearch(teacher, 'mary')).toBe(false);
  });
});
