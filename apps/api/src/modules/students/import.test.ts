import { randomBytes } from 'node:crypto';
import { csvImportPreviewSchema } from '@shule/shared/csv-import';
import { FULL_NAME_MESSAGES } from '@shule/shared/full-name';
import { LEARNER_RECORD_MESSAGES } from '@shule/shared/learner-record';
import { STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import {
  STUDENT_IMPORT_MESSAGES,
  type StudentImportPreview,
  studentImportPreviewSchema,
} from '@shule/shared/student-import';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, classes, parents, schools, students } from '../../db/schema/index';
import { expectStatus, registerSchool, uniquePhone, useTestApp } from '../../test/app';
import {
  admitFixture,
  createClassFixture,
  signedInTeacher,
  studentBody,
} from '../../test/fixtures';
import { csvImportRequests, csvInColumns, multipartForm } from '../../test/multipart';

const { t, schools: signedIn } = useTestApp('Kenya High School', 'Maseno School');
const [ours, theirs] = signedIn;
let form1: number;
beforeAll(async () => {
  form1 = (await createClassFixture(t.app, ours, 'Form 1 East')).id;
  await createClassFixture(t.app, ours, 'Form 2');
  await createClassFixture(t.app, theirs, 'Form 4');
});

const { preview, importFile } = csvImportRequests(t, '/api/students/import/', 'students.csv');

const phone = uniquePhone;

type Row = Partial<Record<(typeof STUDENT_CSV_COLUMNS)[number], string>>;
const row = (overrides: Row = {}): Row => ({
  first_name: 'Wanjiru',
  last_name: "Ng'ang'a",
  date_of_birth: '14/03/2012',
  gender: 'F',
  class: 'form 1 east',
  parent_first_name: 'Mary',
  parent_last_name: "Wa'Njeri",
  parent_phone: phone(),
  ...overrides,
});
const csvOf = (rows: Row[]) => csvInColumns(STUDENT_CSV_COLUMNS, rows);

const countStudents = async (schoolId: number) =>
  (await t.app.db.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId)))[0]!
    .n;

describe('GET /api/students/import/template/', () => {
  it('is the header row of the columns, for admins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/students/import/template/',
      headers: ours.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe(`${STUDENT_CSV_COLUMNS.join(',')}\r\n`);
    const teacher = await signedInTeacher(t.app, ours);
    const asTeacher = await t.app.inject({
      method: 'GET',
      url: '/api/students/import/template/',
      headers: teacher.auth,
    });
    expect(asTeacher.statusCode).toBe(403);
  });
});

describe('POST /api/students/import/preview/', () => {
  it("says each row's problems in words, with the file's line numbers; writes nothing", async () => {
    const taken = await admitFixture(t.app, ours, form1, studentBody());
    const before = await countStudents(ours.schoolId);
    const csv = `${csvOf([
      row(),
      row({ class: 'Form 5', parent_phone: '12345' }),
      row({ admission_number: taken.admission_number }),
      row({ class: 'Form 4' }),
    ])}\r\n\r\n${csvOf([row({ gender: 'boy' })]).split('\r\n')[1]}`;
    const res = await preview(ours, csv);
    const body = (await expectStatus(res, 200)).json() as StudentImportPreview;
    expect(csvImportPreviewSchema.parse(body)).toBeTruthy();
    expect(body.valid).toBe(1);
    expect(body.invalid).toBe(4);
    expect(body.file_errors).toEqual([]);
    expect(body.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 7]);
    expect(body.rows[0]!.errors).toEqual({});
    expect(body.rows[1]!.errors).toEqual({
      class: [STUDENT_IMPORT_MESSAGES.unknownClass('Form 5')],
      parent_phone: ["Phone number must be 10 digits starting with '0'"],
    });
    expect(body.rows[1]!.values.class).toBe('Form 5');
    expect(body.rows[2]!.errors).toEqual({
      admission_number: [STUDENT_IMPORT_MESSAGES.admissionTaken(taken.admission_number)],
    });
    // Another school's class is unknown here.
    expect(body.rows[3]!.errors).toEqual({
      class: [STUDENT_IMPORT_MESSAGES.unknownClass('Form 4')],
    });
    expect(body.rows[4]!.errors.gender).toEqual([STUDENT_IMPORT_MESSAGES.gender]);
    expect(await countStudents(ours.schoolId)).toBe(before);
  });

  it('names missing columns as a file error', async () => {
    const body = (
      await expectStatus(await preview(ours, 'first_name,last_name\nA,B'), 200)
    ).json() as StudentImportPreview;
    expect(body.rows).toEqual([]);
    expect(body.file_errors[0]).toContain('The file has no Date of birth, Gender, Class');
  });

  it('a UPI already in the school is named', async () => {
    const upi = `U${randomBytes(4).toString('hex').toUpperCase()}`;
    await t.app.db
      .update(students)
      .set({ upi })
      .where(eq(students.id, (await admitFixture(t.app, ours, form1, studentBody())).id));
    const body = (
      await expectStatus(await preview(ours, csvOf([row({ upi: upi.toLowerCase() })])), 200)
    ).json() as StudentImportPreview;
    expect(body.rows[0]!.errors).toEqual({ upi: [LEARNER_RECORD_MESSAGES.upiTaken(upi)] });
  });

  it('401 without a token, 403 for a teacher, 400 without a file', async () => {
    expect((await preview(null, csvOf([row()]))).statusCode).toBe(401);
    const teacher = await signedInTeacher(t.app, ours);
    expect((await preview(teacher, csvOf([row()]))).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students/import/preview/',
      headers: ours.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toEqual([STUDENT_IMPORT_MESSAGES.missingFile]);
  });

  it('reads a file of 2,000 rows', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) =>
      row({ first_name: `Pupil${i}`, class: i % 2 ? 'Form 2' : 'Form 1 East' }),
    );
    rows[1500]!.date_of_birth = '2012-02-30';
    const body = (
      await expectStatus(await preview(ours, csvOf(rows)), 200)
    ).json() as StudentImportPreview;
    expect(body.rows).toHaveLength(2000);
    expect(body.valid).toBe(1999);
    expect(body.rows.filter((r) => Object.keys(r.errors).length > 0).map((r) => r.row)).toEqual([
      1502,
    ]);
  });
});

describe('POST /api/students/import/', () => {
  it('imports nothing when one row has a problem (400 with the rows)', async () => {
    const before = await countStudents(ours.schoolId);
    const parentsBefore = (
      await t.app.db.select({ n: count() }).from(parents).where(eq(parents.schoolId, ours.schoolId))
    )[0]!.n;
    const res = await importFile(ours, csvOf([row(), row(), row({ class: 'Form 9' })]));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(STUDENT_IMPORT_MESSAGES.invalidRows(1));
    expect(body.rows).toEqual([
      {
        row: 4,
        values: expect.objectContaining({ class: 'Form 9' }),
        errors: { class: [STUDENT_IMPORT_MESSAGES.unknownClass('Form 9')] },
      },
    ]);
    expect(await countStudents(ours.schoolId)).toBe(before);
    const parentsAfter = (
      await t.app.db.select({ n: count() }).from(parents).where(eq(parents.schoolId, ours.schoolId))
    )[0]!.n;
    expect(parentsAfter).toBe(parentsBefore);
  });

  it('imports every row: siblings share a parent, an existing parent is reused, numbers kept or assigned', async () => {
    const existing = await admitFixture(t.app, ours, form1, studentBody());
    const existingPhone = existing.parent!.user.phone_number;
    const sharedPhone = phone();
    const given = String(9000 + (process.pid % 500));
    const res = await importFile(
      ours,
      csvOf([
        row({ first_name: 'Akinyi', parent_phone: sharedPhone, admission_number: given }),
        row({ first_name: 'Otieno', parent_phone: `+254${sharedPhone.slice(1)}`, gender: 'm' }),
        row({
          first_name: 'Baraka',
          parent_phone: existingPhone,
          class: 'FORM 2',
          parent_first_name: 'Someone',
          parent_email: 'other@example.com',
          parent_national_id_number: '12345678',
        }),
        row({
          first_name: 'Zawadi',
          upi: 'abc123',
          county: 'nairobi',
          entry_exam: 'kpsea',
          entry_marks: '72',
        }),
      ]),
    );
    expect((await expectStatus(res, 201)).json()).toEqual({
      imported: 4,
      parents_created: 2,
      parents_reused: 1,
    });
    const rows = await t.app.db.select().from(students).where(eq(students.schoolId, ours.schoolId));
    const byName = (name: string) => rows.find((r) => r.firstName === name)!;
    expect(byName('Akinyi').admissionNumber).toBe(given);
    expect(byName('Akinyi').parentId).toBe(byName('Otieno').parentId);
    expect(byName('Otieno').gender).toBe('male');
    expect(byName('Akinyi').dateOfBirth).toBe('2012-03-14');
    expect(byName('Baraka').parentId).toBe(existing.parent!.id);
    // The parent is kept as they were; only the national ID they lacked is filled in.
    const [reused] = await t.app.db
      .select()
      .from(parents)
      .where(eq(parents.id, existing.parent!.id));
    expect(reused).toMatchObject({
      firstName: existing.parent!.user.first_name,
      email: existing.parent!.user.email,
      nationalIdNumber: '12345678',
    });
    expect(byName('Zawadi')).toMatchObject({
      upi: 'ABC123',
      county: 'Nairobi',
      entryExam: 'KPSEA',
      entryMarks: 72,
      photoConsent: 'unknown',
      smsConsent: 'unknown',
    });
    // Assigned numbers follow the largest given one; the counter is past them all.
    const assigned = ['Otieno', 'Baraka', 'Zawadi'].map((n) => Number(byName(n).admissionNumber));
    expect(assigned.every((n) => n > Number(given))).toBe(true);
    const [school] = await t.app.db
      .select({ n: schools.lastAdmissionNumber })
      .from(schools)
      .where(eq(schools.id, ours.schoolId));
    expect(school!.n).toBe(Math.max(...assigned));
    const next = await admitFixture(t.app, ours, form1, studentBody());
    expect(Number(next.admission_number)).toBe(school!.n + 1);
    const audit = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, ours.schoolId), eq(auditLog.action, 'students_imported')));
    expect(audit[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('401 without a token, 403 for a teacher', async () => {
    expect((await importFile(null, csvOf([row()]))).statusCode).toBe(401);
    const teacher = await signedInTeacher(t.app, ours);
    const before = await countStudents(ours.schoolId);
    expect((await importFile(teacher, csvOf([row()]))).statusCode).toBe(403);
    expect(await countStudents(ours.schoolId)).toBe(before);
  });

  it("another school's class names are unknown here", async () => {
    const res = await importFile(theirs, csvOf([row({ class: 'Form 1 East' })]));
    expect(res.statusCode).toBe(400);
    expect(res.json().rows[0].errors.class).toEqual([
      STUDENT_IMPORT_MESSAGES.unknownClass('Form 1 East'),
    ]);
  });
});

/**
 * The round trip an export and an import make: a school's students written in the columns'
 * order (as GET /students/export/?format=csv writes them, from the rows themselves here until
 * that export is on main) and imported into a new school with the same class names give the
 * same students and parents, field by field.
 */
describe('round trip', () => {
  const studentFields = (r: typeof students.$inferSelect) => ({
    admission_number: r.admissionNumber,
    first_name: r.firstName,
    last_name: r.lastName,
    date_of_birth: r.dateOfBirth,
    gender: r.gender,
    entry_exam: r.entryExam,
    entry_index_number: r.entryIndexNumber,
    entry_marks: r.entryMarks,
    upi: r.upi,
    birth_certificate_number: r.birthCertificateNumber,
    nationality: r.nationality,
    county: r.county,
    sub_county: r.subCounty,
    special_needs: r.specialNeeds,
    medical_condition: r.medicalCondition,
    nhif_number: r.nhifNumber,
  });

  async function studentsOf(schoolId: number) {
    const rows = await t.app.db
      .select({ student: students, parent: parents, className: classes.name })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .leftJoin(parents, eq(parents.id, students.parentId))
      .where(eq(students.schoolId, schoolId))
      .orderBy(students.admissionNumber);
    return rows.map(({ student, parent, className }) => ({
      ...studentFields(student),
      class: className,
      parent: parent && {
        first_name: parent.firstName,
        last_name: parent.lastName,
        phone_number: parent.phoneNumber,
        email: parent.email,
        national_id_number: parent.nationalIdNumber,
      },
    }));
  }

  it('gives the same students and parents in a new school with the same classes', async () => {
    const from = await registerSchool(t.app, 'Kapsabet Boys');
    const to = await registerSchool(t.app, 'Kapsabet Girls');
    for (const school of [from, to]) {
      await createClassFixture(t.app, school, 'Form 1 East');
      await createClassFixture(t.app, school, 'Form 3');
    }
    const shared = phone();
    const csv = csvOf([
      row({ first_name: 'Kiprono', parent_phone: shared, parent_email: 'p@example.com' }),
      row({ first_name: 'Chelangat', parent_phone: shared, class: 'Form 3', gender: 'female' }),
      row({
        first_name: 'Jelagat',
        admission_number: '2024/7',
        upi: 'KX12',
        birth_certificate_number: 'BC/44',
        entry_exam: 'KCPE',
        entry_index_number: '12345678901',
        entry_marks: '401',
        nationality: 'Kenyan',
        county: 'Nandi',
        sub_county: 'Emgwen',
        special_needs: 'Needs large print, "front row"',
        medical_condition: 'Asthma; inhaler',
        nhif_number: 'SHA77',
        parent_national_id_number: '23456789',
        parent_phone: `+254${phone().slice(1)}`,
      }),
    ]);
    await expectStatus(importFile(from, csv), 201);
    const original = await studentsOf(from.schoolId);
    expect(original).toHaveLength(3);
    const exported = await expectStatus(
      t.app.inject({
        method: 'GET',
        url: '/api/students/export/?format=csv',
        headers: from.auth,
      }),
      200,
    );
    await expectStatus(importFile(to, exported.body), 201);
    expect(await studentsOf(to.schoolId)).toEqual(original);
  });
});

describe('a Kenyan register: whole names, the consent column, the name order', () => {
  /** A register as a school keeps it: its own headers, a name in one column, consent words. */
  const register = (phones: string[], adm: number) =>
    [
      'NAME,ADM NO,SEX,D.O.B,CLASS,PARENT/GUARDIAN,TEL,CONSENT',
      `KAMAU John Mwangi,${adm},M,3/4/2011,Form 1 East,WANJIKU Mary,${phones[0]},Yes`,
      `OTIENO Achieng,${adm + 1},F,2011-05-06,Form 1 East,OTIENO Peter,${phones[1]},No`,
      `OTIENO Baraka,${adm + 2},M,2011-05-06,Form 1 East,OTIENO Peter,${phones[1]},Y`,
      `HASSAN Juma,${adm + 3},M,2011-05-06,Form 1 East,HASSAN Ali,${phones[2]},`,
    ].join('\r\n');
  const send = (
    who: { auth: Record<string, string> } | null,
    url: string,
    csv: string,
    nameOrder?: string,
  ) => {
    const { payload, headers } = multipartForm([
      ...(nameOrder === undefined ? [] : [{ name: 'name_order', value: nameOrder }]),
      { name: 'file', value: csv, filename: 'register.csv' },
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...(who?.auth ?? {}), ...headers },
      payload,
    });
  };
  const admBase = () => 50_000 + Math.floor(Math.random() * 40_000);

  it('the preview shows each name split by the order given, and counts the parents without SMS', async () => {
    const csv = register([phone(), phone(), phone()], admBase());
    const res = await send(ours, '/api/students/import/preview/', csv, 'surname_first');
    const body = studentImportPreviewSchema.parse((await expectStatus(res, 200)).json());
    expect(body.valid).toBe(4);
    expect(body.rows[0]!.values).toMatchObject({
      full_name: 'KAMAU John Mwangi',
      first_name: 'John Mwangi',
      last_name: 'KAMAU',
      parent_first_name: 'Mary',
      parent_last_name: 'WANJIKU',
    });
    // Peter Otieno refused for one child: he is counted once, as refused; Ali was not asked.
    expect(body.sms_consent).toEqual({ granted: 1, refused: 1, not_asked: 1 });

    const byDefault = await send(ours, '/api/students/import/preview/', csv);
    const lastWord = studentImportPreviewSchema.parse((await expectStatus(byDefault, 200)).json());
    expect(lastWord.rows[0]!.values).toMatchObject({
      first_name: 'KAMAU John',
      last_name: 'Mwangi',
    });
  });

  it('imports the split names and records the consents given, by whom and when', async () => {
    const phones = [phone(), phone(), phone()];
    const adm = admBase();
    const res = await send(ours, '/api/students/import/', register(phones, adm), 'surname_first');
    expect((await expectStatus(res, 201)).json()).toMatchObject({
      imported: 4,
      parents_created: 3,
    });
    const imported = await t.app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, ours.schoolId), eq(students.admissionNumber, String(adm))));
    expect(imported[0]).toMatchObject({
      firstName: 'John Mwangi',
      lastName: 'KAMAU',
      gender: 'male',
      smsConsent: 'granted',
      smsConsentBy: ours.userId,
      photoConsent: 'unknown',
      photoConsentAt: null,
    });
    expect(imported[0]!.smsConsentAt).toBeInstanceOf(Date);
    const statuses = await t.app.db
      .select({
        adm: students.admissionNumber,
        sms: students.smsConsent,
        by: students.smsConsentBy,
      })
      .from(students)
      .where(eq(students.schoolId, ours.schoolId));
    const of = (n: number) => statuses.find((s) => s.adm === String(n));
    expect(of(adm + 1)).toEqual({ adm: String(adm + 1), sms: 'refused', by: ours.userId });
    expect(of(adm + 3)).toEqual({ adm: String(adm + 3), sms: 'unknown', by: null });
    const [parent] = await t.app.db
      .select()
      .from(parents)
      .where(and(eq(parents.schoolId, ours.schoolId), eq(parents.phoneNumber, phones[0]!)));
    expect(parent).toMatchObject({ firstName: 'Mary', lastName: 'WANJIKU' });
  });

  it('says a one-word name and an unknown consent word on their rows', async () => {
    const csv = [
      'NAME,SEX,DOB,CLASS,PARENT/GUARDIAN,TEL,SMS consent',
      `Kamau,M,2011-01-01,Form 1 East,Mary Wanjiku,${phone()},yes`,
      `John Kamau,M,2011-01-01,Form 1 East,Mary Wanjiku,${phone()},perhaps`,
    ].join('\n');
    const body = studentImportPreviewSchema.parse(
      (await expectStatus(await send(ours, '/api/students/import/preview/', csv), 200)).json(),
    );
    expect(body.rows[0]!.errors).toEqual({ full_name: [FULL_NAME_MESSAGES.oneWord('Full name')] });
    expect(body.rows[1]!.errors).toEqual({ sms_consent: [STUDENT_IMPORT_MESSAGES.consent('SMS')] });
  });

  it('400 with the field message for an unknown name order; 401 without a token', async () => {
    const csv = register([phone(), phone(), phone()], admBase());
    for (const url of ['/api/students/import/preview/', '/api/students/import/']) {
      const res = await send(ours, url, csv, 'middle');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name_order).toEqual([FULL_NAME_MESSAGES.nameOrder]);
      expect((await send(null, url, csv, 'surname_first')).statusCode).toBe(401);
    }
  });

  it("another school's classes are unknown to the register", async () => {
    const csv = register([phone(), phone(), phone()], admBase()).replaceAll(
      'Form 1 East',
      'Form 4',
    );
    const body = studentImportPreviewSchema.parse(
      (await expectStatus(await send(ours, '/api/students/import/preview/', csv), 200)).json(),
    );
    expect(body.valid).toBe(0);
    expect(body.rows[0]!.errors.class).toEqual([STUDENT_IMPORT_MESSAGES.unknownClass('Form 4')]);
  });
});
