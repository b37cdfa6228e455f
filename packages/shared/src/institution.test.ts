import { describe, expect, it } from 'vitest';
import { KENYAN_COUNTIES } from './counties';
import { MESSAGES } from './fields';
import {
  INSTITUTION_TYPES,
  institutionTypeLabel,
  type RegistrationForm,
  registerSchoolBody,
  registrationFormSchema,
} from './institution';

const thisYear = new Date().getFullYear();

const validForm = {
  school: {
    name: 'Moi Girls High School',
    postal_code: '00100',
    county: 'Nairobi',
    phone_number: '0720000000',
    email: 'info@moigirls.ac.ke',
    year_established: '1990',
    description: 'A girls boarding school',
    type: 'IPS',
    levels: ['senior'],
    website: 'https://moigirls.ac.ke',
    documents: '',
  },
  admin: {
    first_name: 'Jane',
    last_name: 'Wanjiku',
    email: 'jane@moigirls.ac.ke',
    phone_number: '0711000000',
    password: 'secret123',
    repeat_password: 'secret123',
  },
} satisfies RegistrationForm;

type SchoolField = keyof RegistrationForm['school'];
type AdminField = keyof RegistrationForm['admin'];
type FieldPath = `school.${SchoolField}` | `admin.${AdminField}`;

/** The form with `value` at `path` (e.g. 'school.county'). */
function withValue(path: FieldPath, value: unknown, base: RegistrationForm = validForm) {
  const [part, field] = path.split('.') as ['school' | 'admin', string];
  return { ...base, [part]: { ...base[part], [field]: value } };
}

const messagesAt = (issues: { path: PropertyKey[]; message: string }[], path: string) => [
  ...new Set(issues.filter((i) => i.path.join('.') === path).map((i) => i.message)),
];

/** The messages the form schema gives for `path` when the form holds `value` there. */
function formMessages(path: FieldPath, value: unknown, base: RegistrationForm = validForm) {
  const result = registrationFormSchema.safeParse(withValue(path, value, base));
  return result.success ? [] : messagesAt(result.error.issues, path);
}

/** Each registration field with one accepted and several refused values, and the message they get. */
const rules: [FieldPath, unknown[], unknown[], string][] = [
  ['school.name', ['Moi', 'St'], ['M', ' M '], MESSAGES.institutionName],
  ['school.postal_code', ['00100', '1'], ['00-100', 'abc', '001 00'], MESSAGES.postalCode],
  [
    'school.phone_number',
    ['0720000000'],
    ['72000000', '07200000001', '1720000000', '07200x0000'],
    MESSAGES.phone,
  ],
  [
    'admin.phone_number',
    ['0711000000', '+254711000000', '0711 000 000'],
    ['+25471100000', '071100000'],
    MESSAGES.phone,
  ],
  ['school.email', ['office@school.ac.ke'], ['office', 'office@'], MESSAGES.email],
  ['admin.email', ['jane@school.ac.ke'], ['jane at school'], MESSAGES.email],
  [
    'school.year_established',
    ['1900', '1999', '2000', String(thisYear), 1990],
    ['1899', '2100', String(thisYear + 1), '199', '19900', 'abcd', 1800],
    MESSAGES.year,
  ],
  [
    'school.website',
    ['www.moigirls.ac.ke', 'http://school.co.ke'],
    ['moigirls', 'not a url'],
    MESSAGES.website,
  ],
  ['admin.first_name', ['Jo', 'Zoë'], ['J', 'Jane2', 'Mary-Jane', 'Jane!'], MESSAGES.personName],
  ['admin.last_name', ['Wanjiku'], ['W', 'Wanjiku1', 'Wa njiku'], MESSAGES.personName],
  [
    'school.county',
    ['Mombasa', "Murang'a", 'Tharaka-Nithi'],
    ['Nairobi City', 'Kampala', 'nairobi'],
    MESSAGES.county,
  ],
  [
    'school.type',
    INSTITUTION_TYPES.map((t) => t.value),
    ['School', 'ips'],
    MESSAGES.institutionType,
  ],
];

describe('registration form', () => {
  it('accepts a complete, valid form', () => {
    expect(registrationFormSchema.safeParse(validForm).success).toBe(true);
  });

  describe.each(rules)('%s', (path, good, bad, message) => {
    it.each(good.map((v) => [v]))('accepts %j', (value) => {
      expect(formMessages(path, value)).toEqual([]);
    });
    it.each(bad.map((v) => [v]))(`refuses %j with '${message}'`, (value) => {
      expect(formMessages(path, value)).toEqual([message]);
    });
  });

  describe('password', () => {
    it.each([['abc123'], ['longpassword'], ['12345678']])('refuses %j', (password) => {
      const base = withValue('admin.repeat_password', password);
      expect(formMessages('admin.password', password, base)).toEqual([MESSAGES.password]);
    });
    it('accepts letters and numbers of 8 or more', () => {
      const form = withValue(
        'admin.password',
        'kenya2024',
        withValue('admin.repeat_password', 'kenya2024'),
      );
      expect(registrationFormSchema.safeParse(form).success).toBe(true);
    });
  });

  it("refuses a repeated password that differs with 'Passwords have to match'", () => {
    expect(formMessages('admin.repeat_password', 'secret124')).toEqual([MESSAGES.passwordsMatch]);
  });

  it('says the passwords differ even while other fields are still empty (validated on every change)', () => {
    const result = registrationFormSchema.safeParse({
      admin: { password: 'secret123', repeat_password: 'secret124' },
    });
    expect(messagesAt(result.error?.issues ?? [], 'admin.repeat_password')).toEqual([
      MESSAGES.passwordsMatch,
    ]);
  });

  it('refuses a year later than this year', () => {
    expect(formMessages('school.year_established', String(thisYear + 1))).toEqual([
      'Enter valid year',
    ]);
  });

  it('takes the public categories and the private kinds as types, and refuses others', () => {
    for (const type of ['NAT', 'XCT', 'CTY', 'SCT', 'IPS', 'other']) {
      expect(formMessages('school.type', type)).toEqual([]);
    }
    expect(formMessages('school.type', 'Harambee')).toEqual([MESSAGES.institutionType]);
    expect(institutionTypeLabel('XCT')).toBe('Public · Extra-County School');
    expect(institutionTypeLabel('MNT')).toBe('Private · Montessori School');
  });

  it('takes one or more levels, each once, kept in the order of the levels', () => {
    expect(formMessages('school.levels', ['junior', 'primary'])).toEqual([]);
    expect(formMessages('school.levels', [])).toEqual([MESSAGES.schoolLevels]);
    expect(formMessages('school.levels', ['university'])).toEqual([MESSAGES.schoolLevels]);
    const parsed = registrationFormSchema.parse(
      withValue('school.levels', ['senior', 'junior', 'senior']),
    );
    expect(parsed.school.levels).toEqual(['junior', 'senior']);
  });

  it('accepts every one of the 47 counties and nothing else', () => {
    for (const county of KENYAN_COUNTIES) {
      expect(formMessages('school.county', county)).toEqual([]);
    }
    expect(formMessages('school.county', 'Kampala')).toEqual([
      'Please choose a county from the list',
    ]);
  });

  const requiredFields: [FieldPath, string][] = [
    ['school.name', 'Institution name is required'],
    ['school.postal_code', 'Postal code is required'],
    ['school.county', 'County is required'],
    ['school.phone_number', 'Phone is required'],
    ['school.year_established', 'Year is required'],
    ['school.type', 'Type is required'],
    ['school.levels', 'Choose the levels the school teaches'],
    ['admin.first_name', 'First name is required'],
    ['admin.last_name', 'Last name is required'],
    ['admin.phone_number', 'Admin phone is required'],
    ['admin.password', 'Password is required'],
    ['admin.repeat_password', 'Repeat password is required'],
  ];
  // A form shows a field's first message, and the API answers it as `message`.
  describe.each(requiredFields)('required: %s', (path, message) => {
    it.each([[''], ['   '], [undefined]])(`answers '${message}' first for %j`, (value) => {
      const base = path === 'admin.password' ? withValue('admin.repeat_password', '') : validForm;
      expect(formMessages(path, value, base)[0]).toBe(message);
    });
  });

  it('lists every required field of an empty form with its own message', () => {
    const empty = {
      school: Object.fromEntries(Object.keys(validForm.school).map((k) => [k, ''])),
      admin: Object.fromEntries(Object.keys(validForm.admin).map((k) => [k, ''])),
    };
    const result = registrationFormSchema.safeParse(empty);
    expect(result.success).toBe(false);
    // The first message of each field, the one the form shows.
    const byField = new Map<string, string>();
    for (const issue of result.error!.issues) {
      const path = issue.path.join('.');
      if (!byField.has(path)) byField.set(path, issue.message);
    }
    expect(Object.fromEntries(byField)).toEqual(Object.fromEntries(requiredFields));
  });

  it.each([
    ['school.email'],
    ['admin.email'],
    ['school.website'],
    ['school.description'],
    ['school.documents'],
  ] as const)('%s is optional', (path) => {
    expect(formMessages(path, '')).toEqual([]);
    expect(formMessages(path, undefined)).toEqual([]);
  });
});

describe('register_school body', () => {
  const { repeat_password: _, ...admin } = validForm.admin;
  const body = { school: validForm.school, admin };
  const issues = (value: unknown) => {
    const result = registerSchoolBody.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((i) => [i.path.join('.'), i.message] as [string, string]);
  };

  it("accepts the form's values less the repeated password, as the form sends them", () => {
    expect(issues(body)).toEqual([]);
    expect(issues(validForm)).toEqual([]);
  });

  it('parses to trimmed values, with empty optional fields dropped', () => {
    const parsed = registerSchoolBody.parse({
      ...body,
      school: { ...body.school, name: '  Moi Girls  ', year_established: 1990, email: '' },
    });
    expect(parsed.school.name).toBe('Moi Girls');
    expect(parsed.school.year_established).toBe('1990');
    expect(parsed.school.email).toBeUndefined();
    expect(parsed.school.website).toBe('https://moigirls.ac.ke');
  });

  it('takes no crest: a link typed at registration is dropped (a crest is an upload of the school)', () => {
    const parsed = registerSchoolBody.parse({
      ...body,
      school: { ...body.school, logo: '/uploads/AnotherSchools01.png' },
    });
    expect(parsed.school).not.toHaveProperty('logo');
  });

  const cases: [string, (b: typeof body) => unknown, string][] = [
    [
      'school.name',
      (b) => ({ ...b, school: { ...b.school, name: 'M' } }),
      MESSAGES.institutionName,
    ],
    [
      'school.postal_code',
      (b) => ({ ...b, school: { ...b.school, postal_code: 'x1' } }),
      MESSAGES.postalCode,
    ],
    [
      'school.county',
      (b) => ({ ...b, school: { ...b.school, county: 'Kampala' } }),
      MESSAGES.county,
    ],
    [
      'school.phone_number',
      (b) => ({ ...b, school: { ...b.school, phone_number: '123' } }),
      MESSAGES.phone,
    ],
    ['school.email', (b) => ({ ...b, school: { ...b.school, email: 'x' } }), MESSAGES.email],
    [
      'school.year_established',
      (b) => ({ ...b, school: { ...b.school, year_established: String(thisYear + 1) } }),
      MESSAGES.year,
    ],
    [
      'school.type',
      (b) => ({ ...b, school: { ...b.school, type: 'ABC' } }),
      MESSAGES.institutionType,
    ],
    [
      'school.website',
      (b) => ({ ...b, school: { ...b.school, website: 'nope' } }),
      MESSAGES.website,
    ],
    [
      'admin.first_name',
      (b) => ({ ...b, admin: { ...b.admin, first_name: 'J4ne' } }),
      MESSAGES.personName,
    ],
    [
      'admin.last_name',
      (b) => ({ ...b, admin: { ...b.admin, last_name: 'W' } }),
      MESSAGES.personName,
    ],
    ['admin.email', (b) => ({ ...b, admin: { ...b.admin, email: 'jane@' } }), MESSAGES.email],
    [
      'admin.phone_number',
      (b) => ({ ...b, admin: { ...b.admin, phone_number: '0711' } }),
      MESSAGES.phone,
    ],
    [
      'admin.password',
      (b) => ({ ...b, admin: { ...b.admin, password: 'password' } }),
      MESSAGES.password,
    ],
  ];
  it.each(cases)('%s refused with %#', (path, change, message) => {
    expect(issues(change(body))).toEqual([[path, message]]);
  });

  it.each([
    ['school.name', 'Institution name is required'],
    ['school.postal_code', 'Postal code is required'],
    ['school.county', 'County is required'],
    ['school.phone_number', 'Phone is required'],
    ['school.year_established', 'Year is required'],
    ['school.type', 'Type is required'],
    ['school.levels', 'Choose the levels the school teaches'],
    ['admin.first_name', 'First name is required'],
    ['admin.last_name', 'Last name is required'],
    ['admin.phone_number', 'Admin phone is required'],
    ['admin.password', 'Password is required'],
  ])("an empty %s answers '%s' first", (path, message) => {
    const [part, field] = path.split('.') as ['school' | 'admin', string];
    const emptied = { ...body, [part]: { ...body[part], [field]: '' } };
    expect(issues(emptied)[0]).toEqual([path, message]);
  });

  it('requires both parts', () => {
    expect(issues({}).map(([path]) => path)).toEqual(['school', 'admin']);
  });
});
