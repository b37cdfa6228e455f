import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  loginBody,
  refreshBody,
  SIGNUP_MESSAGES,
  signupBody,
  signupFormSchema,
} from './auth';
import { LOGIN_FAILED_MESSAGE, TOKEN_NOT_VALID } from './auth-constants';
import { MESSAGES } from './fields';
import { dashboardFor } from './roles';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};

const validSignup = {
  first_name: 'Jane',
  last_name: 'Wanjiku',
  username: 'jane',
  phone_number: '0712345678',
  password: 'secret123',
};

describe('sign-up', () => {
  it('uses the product messages', () => {
    expect(SIGNUP_MESSAGES).toEqual({
      incomplete: 'All fields have to be filled and valid',
      passwordsMatch: 'Passwords have to match',
    });
  });

  it('accepts a complete form whose passwords match', () => {
    expect(messagesOf(signupBody, validSignup)).toEqual([]);
    expect(messagesOf(signupFormSchema, { ...validSignup, repeat_password: 'secret123' })).toEqual(
      [],
    );
  });

  it.each([['first_name'], ['last_name'], ['username'], ['phone_number']] as const)(
    "answers 'All fields have to be filled and valid' when %s is empty or missing",
    (field) => {
      for (const value of ['', '   ', undefined]) {
        expect(messagesOf(signupBody, { ...validSignup, [field]: value })[0]).toBe(
          'All fields have to be filled and valid',
        );
      }
    },
  );

  it("refuses an empty or missing password with 'All fields have to be filled and valid'", () => {
    expect(messagesOf(signupBody, { ...validSignup, password: '' })).toEqual([
      SIGNUP_MESSAGES.incomplete,
    ]);
    expect(messagesOf(signupBody, { ...validSignup, password: undefined })).toEqual([
      SIGNUP_MESSAGES.incomplete,
    ]);
  });

  it('refuses a phone number that is not 10 digits starting with 0', () => {
    expect(messagesOf(signupBody, { ...validSignup, phone_number: '71234567' })).toEqual([
      MESSAGES.phone,
    ]);
  });

  it("answers 'Passwords have to match' on the repeat password", () => {
    const result = signupFormSchema.safeParse({ ...validSignup, repeat_password: 'secret124' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['repeat_password', 'Passwords have to match'],
    ]);
  });

  it('drops the repeat password from the body sent to the API', () => {
    expect(signupBody.parse({ ...validSignup, repeat_password: 'x' })).toEqual(validSignup);
  });
});

describe('login: both fields required, the phone read as every phone field reads it', () => {
  it('accepts a phone as people write it and any filled password', () => {
    for (const typed of [' 0712345678 ', '+254712345678', '0712 345 678']) {
      expect(loginBody.parse({ username: typed, password: 'x' })).toEqual({
        username: '0712345678',
        password: 'x',
      });
    }
    expect(signupBody.parse({ ...validSignup, phone_number: '+254712345678' }).phone_number).toBe(
      '0712345678',
    );
  });

  it('refuses what is not a phone with the phone message', () => {
    expect(messagesOf(loginBody, { username: 'amina', password: 'x' })).toEqual([MESSAGES.phone]);
  });

  it.each([
    [{ password: 'secret123' }, ['Phone number is required']],
    [{ username: '', password: 'secret123' }, ['Phone number is required']],
    [{ username: '0712345678' }, ['Password is required']],
    [{ username: '0712345678', password: '' }, ['Password is required']],
    [{}, ['Phone number is required', 'Password is required']],
  ])('%j is refused with %j', (value, expected) => {
    expect(messagesOf(loginBody, value)).toEqual(expected);
  });

  it('says phone number, the login, rather than username', () => {
    expect(LOGIN_FAILED_MESSAGE).toBe('Login Failed. Please check phone number and password');
    expect(TOKEN_NOT_VALID).toBe('token_not_valid');
  });
});

describe('refresh body', () => {
  it('needs the refresh token', () => {
    expect(messagesOf(refreshBody, {})).toEqual(['Refresh token is required']);
    expect(messagesOf(refreshBody, { refresh: 'abc' })).toEqual([]);
  });
});

describe('dashboardFor', () => {
  it.each([
    [[{ name: 'admin' }], 'admin'],
    [[{ name: 'teacher' }, { name: 'admin' }], 'admin'],
    [[{ name: 'teacher' }], 'teacher'],
    [[{ name: 'student' }], 'student'],
    [[], 'unauthorized'],
    [undefined, 'unauthorized'],
    [[{ name: 'janitor' }], 'unauthorized'],
  ])('%j sees the %s dashboard', (roles, expected) => {
    expect(dashboardFor(roles)).toBe(expected);
  });
});

describe('change password', () => {
  it('asks for the current password and a new one that follows the password rule', () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: '',
      new_password: 'nodigitshere',
      repeat_password: 'nodigitshere',
    });
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'current_password: Current password is required',
      `new_password: ${MESSAGES.password}`,
    ]);
  });

  it("says 'Passwords have to match' when the repeat differs", () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: 'old12345',
      new_password: 'kenya2026',
      repeat_password: 'kenya2027',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.passwordsMatch]);
  });
});
