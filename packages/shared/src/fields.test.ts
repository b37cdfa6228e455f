import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changesOf,
  clearableText,
  emailField,
  idField,
  idParam,
  isNothingToChange,
  isoDateField,
  isValidUrl,
  isValidYear,
  LONG_TEXT_MAX,
  MAX_ID,
  MESSAGES,
  NOTHING_TO_CHANGE_MESSAGE,
  optionalEmail,
  optionalText,
  passwordField,
  personNameField,
  phoneField,
  readPhone,
  required,
  requiredSecret,
  requiredText,
  SECRET_MAX,
  TEXT_MAX,
} from './fields';

/** The messages a schema gives for `value`; [] when it is accepted. */
function messages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
}

describe('the field messages', () => {
  it('are the product texts, with the original typo fixed', () => {
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
    const field = optionalText('Motto');
    expect(field.parse('')).toBeUndefined();
    expect(field.parse('   ')).toBeUndefined();
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse(' A school ')).toBe('A school');
  });
});

describe('every text field is bounded', () => {
  const line = requiredText('Class name');
  const long = clearableText('Description', { max: LONG_TEXT_MAX, multiline: true });

  it.each([
    '\u0000',
    'Form\u00001',
    'a\u0007b',
    'a\u001bb',
    'a\u007fb',
    'a\u0085b',
    'a\nb',
    'a\tb',
  ])('refuses control characters in a one-line field: %j', (value) => {
    expect(messages(line, value)).toEqual(['Class name must not contain control characters']);
  });
  it('allows tab and newline in a multi-line field, and no other control character', () => {
    expect(long.parse('Line one\n\tLine two')).toBe('Line one\n\tLine two');
    expect(messages(long, 'a\u0000b')).toEqual(['Description must not contain control characters']);
    expect(messages(optionalText('Notes'), 'a\u0000')).toEqual([
      'Notes must not contain control characters',
    ]);
  });
  it('keeps ordinary text, accents and emoji', () => {
    expect(line.parse('Kidato cha Nne – Ñ 🎓')).toBe('Kidato cha Nne – Ñ 🎓');
  });
  it(`caps length at ${TEXT_MAX} characters by default, or the field's own maximum`, () => {
    expect(messages(line, 'x'.repeat(TEXT_MAX))).toEqual([]);
    expect(messages(line, 'x'.repeat(TEXT_MAX + 1))).toEqual([
      `Class name must be at most ${TEXT_MAX} characters`,
    ]);
    expect(messages(requiredText('Code', { max: 10 }), 'x'.repeat(11))).toEqual([
      'Code must be at most 10 characters',
    ]);
    expect(messages(long, 'x'.repeat(LONG_TEXT_MAX + 1))).toEqual([
      `Description must be at most ${LONG_TEXT_MAX} characters`,
    ]);
  });
  it('bounds passwords without trimming them', () => {
    expect(messages(requiredSecret('Password'), 'secret\u0000123')).toEqual([
      'Password must not contain control characters',
    ]);
    expect(messages(requiredSecret('Password'), 'x'.repeat(SECRET_MAX + 1))).toEqual([
      `Password must be at most ${SECRET_MAX} characters`,
    ]);
  });
});

describe('phoneField: read as people write it, stored as 10 digits starting with 0', () => {
  const phone = phoneField('Admin phone');
  const parsed = (value: unknown) => phone.safeParse(value).data;
  it.each([
    ['0712345678', '0712345678'],
    ['0100000000', '0100000000'],
    [' 0722000000 ', '0722000000'],
    ['+254712345002', '0712345002'],
    ['254712345002', '0712345002'],
    ['+254112345678', '0112345678'],
    ['0712 345 003', '0712345003'],
    ['0712-345-003', '0712345003'],
    ['0712.345.003', '0712345003'],
    ['+254 712 345 678', '0712345678'],
    ['+254 (0)712 345 678', '0712345678'],
    ['712345678', '0712345678'],
    ['112345678', '0112345678'],
  ])('reads %j as %j', (value, stored) => {
    expect(messages(phone, value)).toEqual([]);
    expect(parsed(value)).toBe(stored);
  });
  it.each([
    '07123456789',
    '071234567',
    '1712345678',
    '812345678',
    '+25471234567',
    '+2547123456789',
    '+255712345678',
    '07123x5678',
    '0712345678 ext 2',
  ])('refuses %j', (value) => {
    expect(messages(phone, value)).toEqual([MESSAGES.phone]);
  });
  it('is required under its label', () => {
    expect(messages(phone, '')[0]).toBe('Admin phone is required');
    expect(messages(phoneField(), undefined)).toEqual(['Phone number is required']);
  });
});

describe('readPhone', () => {
  it('keeps what is not a phone as typed (trimmed), for the field to refuse', () => {
    expect(readPhone(' 12345 ')).toBe('12345');
    expect(readPhone('call me')).toBe('call me');
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
  it.each(['2024-02-30', '2023-02-29', '2024-04-31'])('refuses the impossible date %j', (value) => {
    expect(messages(field, value)).toEqual(['Date of birth must be a date (yyyy-mm-dd)']);
  });
  it.each(['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31'])(
    'refuses %j, outside 1900-01-01 to 2100-12-31',
    (value) => {
      expect(messages(field, value)).toEqual([
        'Date of birth must be between 1900-01-01 and 2100-12-31',
      ]);
    },
  );
  it.each(['1900-01-01', '2100-12-31'])('accepts the bound %j', (value) => {
    expect(messages(field, value)).toEqual([]);
  });
});

describe('idParam', () => {
  it('coerces a positive whole number', () => {
    expect(idParam.parse('12')).toBe(12);
  });
  it.each([['0'], ['-3'], ['1.5'], ['abc'], [''], ['1e400']])('refuses %j', (value) => {
    expect(idParam.safeParse(value).success).toBe(false);
  });
  it('stays within PostgreSQL integers (int4)', () => {
    expect(idParam.parse(String(MAX_ID))).toBe(2147483647);
    expect(messages(idParam, '2147483648')).toEqual(['Must be a valid id']);
    expect(messages(idParam, '99999999999')).toEqual(['Must be a valid id']);
  });
});

describe('idField', () => {
  it('names the field in its messages', () => {
    expect(messages(idField('Exam'), undefined)).toEqual(['Exam is required']);
    expect(messages(idField('Exam'), 2.5)).toEqual(['Exam must be a whole number']);
    expect(messages(idField('Exam'), -1)).toEqual(['Exam must be a positive number']);
    expect(messages(idField('Exam'), 2 ** 31)).toEqual(['Exam is not a valid id']);
  });
  it('gives one message for every fault when asked', () => {
    expect(messages(idField('Class', 'Choose a class'), 2 ** 40)).toEqual(['Choose a class']);
  });
});

describe('passwords are kept exactly as typed', () => {
  it('does not trim spaces around a password, so login compares what was set', () => {
    expect(passwordField.parse('  secret123 ')).toBe('  secret123 ');
  });
});

describe('changesOf: a PATCH body names at least one change', () => {
  const change = changesOf({ name: requiredText('Name'), note: clearableText('Note') });
  it('refuses {} and a body of only unknown fields with "Nothing to change"', () => {
    expect(NOTHING_TO_CHANGE_MESSAGE).toBe('Nothing to change');
    expect(messages(change, {})).toEqual([NOTHING_TO_CHANGE_MESSAGE]);
    expect(messages(change, { colour: 'red' })).toEqual([NOTHING_TO_CHANGE_MESSAGE]);
  });
  it('takes any one field, a cleared one included', () => {
    expect(messages(change, { name: 'Form 1' })).toEqual([]);
    expect(change.parse({ note: '' })).toEqual({ note: null });
  });
  it('isNothingToChange: no object, or only undefined values', () => {
    for (const nothing of [undefined, null, 'x', {}, { a: undefined }]) {
      expect(isNothingToChange(nothing), JSON.stringify(nothing)).toBe(true);
    }
    for (const something of [{ a: null }, { a: '' }, { a: 0 }, { a: false }]) {
      expect(isNothingToChange(something), JSON.stringify(something)).toBe(false);
    }
  });
});
