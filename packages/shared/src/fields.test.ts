import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailField,
  idParam,
  isoDateField,
  isValidUrl,
  isValidYear,
  MESSAGES,
  optionalEmail,
  optionalText,
  passwordField,
  personNameField,
  phoneField,
  required,
  requiredText,
} from './fields';

/** The messages a schema gives for `value`; [] when it is accepted. */
function messages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
}

describe('the §5 messages', () => {
  it('are the product texts, with the spec typo fixed (DESIGN §6)', () => {
    expect(MESSAGES).toMatchObject({
      institutionName: 'Institution name must be 2 or more characters',
      postalCode: 'Please enter a valid postal code',
      phone: "Phone number must be 10 digits starting with '0'",
      email: 'Please enter a valid email',
      year: 'Enter valid year',
      website: 'Please enter a valid url',
      personName:
        'Name must be 2 or more characters and should not contain numbers or any special characters',
      password: 'Password must be at least 8 characters long and contain both letters and numbers.',
      passwordsMatch: 'Passwords have to match',
    });
  });

  it("build '{field} is required'", () => {
    expect(required('Postal code')).toBe('Postal code is required');
  });
});

describe('requiredText', () => {
  const field = requiredText('Town');
  it('trims a filled value', () => {
    expect(field.parse('  Nyeri ')).toBe('Nyeri');
  });
  it.each([[''], ['   '], [undefined], [null]])("answers 'Town is required' for %j", (value) => {
    expect(messages(field, value)).toEqual(['Town is required']);
  });
});

describe('optionalText', () => {
  it('turns empty and missing values into undefined', () => {
    expect(optionalText.parse('')).toBeUndefined();
    expect(optionalText.parse('   ')).toBeUndefined();
    expect(optionalText.parse(undefined)).toBeUndefined();
    expect(optionalText.parse(' A school ')).toBe('A school');
  });
});

describe('phoneField: exactly 10 digits starting with 0', () => {
  const phone = phoneField('Admin phone');
  it.each(['0712345678', '0100000000', ' 0722000000 '])('accepts %j', (value) => {
    expect(messages(phone, value)).toEqual([]);
  });
  it.each([
    '712345678',
    '07123456789',
    '071234567',
    '1712345678',
    '+254712345678',
    '07123x5678',
    '0712 345 678',
  ])('refuses %j', (value) => {
    expect(messages(phone, value)).toEqual([MESSAGES.phone]);
  });
  it('is required under its label', () => {
    expect(messages(phone, '')[0]).toBe('Admin phone is required');
    expect(messages(phoneField(), undefined)).toEqual(['Phone number is required']);
  });
});

describe('email', () => {
  it.each(['info@moigirls.ac.ke', 'a.b+c@example.com'])('accepts %j', (value) => {
    expect(messages(emailField, value)).toEqual([]);
    expect(messages(optionalEmail, value)).toEqual([]);
  });
  it.each(['not-an-email', 'a@', '@b.com', 'a b@c.com'])('refuses %j', (value) => {
    expect(messages(emailField, value)).toEqual([MESSAGES.email]);
    expect(messages(optionalEmail, value)).toEqual([MESSAGES.email]);
  });
  it('is optional when empty or missing', () => {
    expect(optionalEmail.parse('')).toBeUndefined();
    expect(optionalEmail.parse(undefined)).toBeUndefined();
  });
});

describe('personNameField: letters only, at least 2', () => {
  const name = personNameField('First name');
  it.each(['Jo', 'Wanjiku', 'Zoë', 'Achieng'])('accepts %j', (value) => {
    expect(messages(name, value)).toEqual([]);
  });
  it.each(['J', 'Jane2', 'Mary-Jane', 'Mary Jane', "O'Neil", 'J@ne'])('refuses %j', (value) => {
    expect(messages(name, value)).toEqual([MESSAGES.personName]);
  });
  it('is required', () => {
    expect(messages(name, '')[0]).toBe('First name is required');
    expect(messages(name, undefined)).toEqual(['First name is required']);
  });
});

describe('passwordField: at least 8 characters with letters and numbers', () => {
  it.each(['secret123', 'a1b2c3d4', 'PASSWORD9'])('accepts %j', (value) => {
    expect(messages(passwordField, value)).toEqual([]);
  });
  it.each([
    ['too short', 'abc123'],
    ['seven characters', 'abcd123'],
    ['no digits', 'longpassword'],
    ['no letters', '12345678'],
  ])('refuses a password with %s', (_, value) => {
    expect(messages(passwordField, value)).toEqual([MESSAGES.password]);
  });
  it('is required', () => {
    expect(messages(passwordField, '')[0]).toBe('Password is required');
    expect(messages(passwordField, undefined)).toEqual(['Password is required']);
  });
});

describe('isValidUrl', () => {
  it.each([
    'https://moigirls.ac.ke',
    'http://example.com/path?q=1',
    'www.moigirls.ac.ke',
    'moigirls.ac.ke',
  ])('accepts %j', (value) => expect(isValidUrl(value)).toBe(true));
  it.each(['not a url', 'moigirls', 'http://', 'https://exa mple.com', ''])('refuses %j', (value) =>
    expect(isValidUrl(value)).toBe(false),
  );
});

describe('isValidYear: four digits starting 19 or 20, not later than this year', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each(['1900', '1990', '2000', '2026'])('accepts %j in 2026', (value) => {
    expect(isValidYear(value, now)).toBe(true);
  });
  it.each(['2027', '2099', '1899', '1800', '2100', '990', '19901', '19x0', ''])(
    'refuses %j in 2026',
    (value) => expect(isValidYear(value, now)).toBe(false),
  );
  it('measures against the current year by default', () => {
    const thisYear = new Date().getFullYear();
    expect(isValidYear(String(thisYear))).toBe(true);
    expect(isValidYear(String(thisYear + 1))).toBe(false);
  });
});

describe('isoDateField', () => {
  const field = isoDateField('Date of birth');
  it('accepts yyyy-mm-dd', () => {
    expect(messages(field, '2012-02-29')).toEqual([]);
  });
  it.each(['12/02/2012', '2012-2-9', 'yesterday', '2012-13-45'])('refuses %j', (value) => {
    expect(messages(field, value)).toEqual(['Date of birth must be a date (yyyy-mm-dd)']);
  });
});

describe('idParam', () => {
  it('coerces a positive whole number', () => {
    expect(idParam.parse('12')).toBe(12);
  });
  it.each([['0'], ['-3'], ['1.5'], ['abc']])('refuses %j', (value) => {
    expect(idParam.safeParse(value).success).toBe(false);
  });
});

describe('passwords are kept exactly as typed', () => {
  it('does not trim spaces around a password, so login compares what was set', () => {
    expect(passwordField.parse('  secret123 ')).toBe('  secret123 ');
  });
});
