import { parseCsv } from '@shule/shared/csv';
import { todayIn } from '@shule/shared/school-time';
import { NEMIS_COLUMNS, STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parents, students } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { admitFixture, createClassFixture, signedInTeacher } from '../../test/fixtures';

const { t, schools } = useTestApp('Export Academy', 'Other School');
const [ours, theirs] = schools;

const exportFile = (who: SignedInSchool | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/students/export/${query}`,
    headers: who?.auth ?? {},
  });

/** The file's records, without the byte-order mark. */
const recordsOf = (body: string) => parseCsv(body).map((r) => r.cells);

describe('GET /api/students/export/', () => {
  let school: SignedInSchool;
  let grade1: number;
  let grade2: number;
  beforeAll(async () => {
    school = await registerSchool(t.app, "St. Mary's Girls, Nyeri");
    grade1 = (await createClassFixture(t.app, school, 'Grade 1')).id;
    grade2 = (await createClassFixture(t.app, school, 'Grade 2')).id;
    const amina = await admitFixture(t.app, school, grade1, {
      first_name: 'Amina',
      last_name: 'Wanjirũ',
      gender: 'female',
      date_of_birth: '2018-02-03',
      parent: {
        first_name: 'Grace',
        last_name: 'Wanjirũ',
        phone_number: '0722000111',
        email: 'g@example.com',
      },
    });
    await t.app.db
      .update(students)
      .set({
        upi: 'A1B2C3',
        birthCertificateNumber: '12345/2018',
        entryExam: 'KPSEA',
        entryIndexNumber: '12345678901',
        entryMarks: 72,
        nationality: 'Kenyan',
        county: 'Nyeri',
        subCounty: 'Mathira East',
        specialNeeds: '=cmd|calc, "quoted"',
        medicalCondition: 'Asthma\nuses an inhaler',
        nhifNumber: 'SHA123',
        smsConsent: 'granted',
        photoConsent: 'refused',
      })
      .where(eq(students.id, amina.id));
    await t.app.db
      .update(parents)
      .set({ nationalIdNumber: '12345678' })
      .where(eq(parents.id, amina.parent!.id));
    await admitFixture(t.app, school, grade2, {
      first_name: 'Baraka',
      last_name: 'Otieno',
      gender: 'male',
      date_of_birth: '2017-11-30',
      parent: { first_name: 'Tom', last_name: 'Otieno', phone_number: '0733000222' },
    });
  });

  it('writes every column of the import, in order, one query for the students', async () => {
    let res = await exportFile(school);
    const queries = await countQueries(t.app, async () => {
      res = await exportFile(school, '?format=csv');
    });
    expect(queries).toBeLessThanOrEqual(2); // the school's name, the students
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="students-st-mary-s-girls-nyeri-${todayIn()}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.includes('\0')).toBe(false);
    const [header, ...rows] = recordsOf(res.body);
    expect(header).toEqual([...STUDENT_CSV_COLUMNS]);
    expect(rows).toEqual([
      [
        'Amina',
        'Wanjirũ',
        '2018-02-03',
        'female',
        'Grade 1',
        '0001',
        'Grace',
        'Wanjirũ',
        '0722000111',
        'g@example.com',
        '12345678',
        'A1B2C3',
        '12345/2018',
        'KPSEA',
        '12345678901',
        '72',
        'Kenyan',
        'Nyeri',
        'Mathira East',
        `'=cmd|calc, "quoted"`,
        'Asthma\nuses an inhaler',
        'SHA123',
        'granted',
        'refused',
      ],
      [
        'Baraka',
        'Otieno',
        '2017-11-30',
        'male',
        'Grade 2',
        '0002',
        'Tom',
        'Otieno',
        '0733000222',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        // Consents not asked: empty cells, as the import reads them.
        '',
        '',
      ],
    ]);
  });

  it('writes the NEMIS columns in their order, named after the class', async () => {
    const res = await exportFile(school, `?format=nemis&class=${grade1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="nemis-learners-grade-1-${todayIn()}.csv"`,
    );
    const [header, ...rows] = recordsOf(res.body);
    expect(header).toEqual(NEMIS_COLUMNS.map((c) => c.header));
    expect(rows).toEqual([
      [
        'A1B2C3',
        '0001',
        'Amina',
        'Wanjirũ',
        'female',
        '2018-02-03',
        'Grade 1',
        '12345/2018',
        'KPSEA',
        '12345678901',
        '72',
        'Kenyan',
        'Nyeri',
        'Mathira East',
        `'=cmd|calc, "quoted"`,
        'Asthma\nuses an inhaler',
        'SHA123',
        'Grace',
        'Wanjirũ',
        '0722000111',
        '12345678',
      ],
    ]);
  });

  it('filters by class, search and status; a teacher may not export', async () => {
    const names = async (who: SignedInSchool, query: string) =>
      recordsOf((await exportFile(who, query)).body)
        .slice(1)
        .map((r) => r[0]);
    expect(await names(school, `?class=${grade2}`)).toEqual(['Baraka']);
    expect(await names(school, '?search=0722')).toEqual(['Amina']);
    expect(await names(school, '?status=left')).toEqual([]);
    expect((await exportFile(school, '?status=left')).body).toBe(
      `\uFEFF${STUDENT_CSV_COLUMNS.join(',')}\r\n`,
    );
    const teacher = await signedInTeacher(t.app, school);
    await expectStatus(
      exportFile(teacher, '?format=nemis'),
      403,
      'Only admin accounts can do that',
    );
  });

  it('refuses bad input (400), another school’s class (404) and no token (401)', async () => {
    const bad = await exportFile(ours, '?format=xlsx&class=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.format).toEqual(['Format must be csv or nemis']);
    expect(bad.json().errors.class).toEqual(['Must be 0 or a class id']);
    const theirClass = (await createClassFixture(t.app, theirs, 'Form 1')).id;
    await expectStatus(exportFile(ours, `?class=${theirClass}`), 404, 'Class not found');
    await expectStatus(exportFile(null), 401);
  });
});
