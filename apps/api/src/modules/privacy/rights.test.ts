import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { auditLogResponse } from '@shule/shared/audit';
import { parseCsv } from '@shule/shared/csv';
import { ERASE_MESSAGES, studentDataExportSchema } from '@shule/shared/privacy';
import type { ExamAnalysis } from '@shule/shared/results/analysis';
import type { MeritList } from '@shule/shared/results/merit-list';
import type { ReportCards } from '@shule/shared/results/report-cards';
import { studentListResponse } from '@shule/shared/students';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  examScores,
  idempotencyKeys,
  parents,
  reportRemarks,
  students,
  uploads,
} from '../../db/schema/index';
import { expectStatus, type SignedInSchool, uniquePhone, useTestApp } from '../../test/app';
import {
  admitFixture,
  photoRefOf,
  signedInTeacher,
  studentBody,
  uploadPhotoFixture,
} from '../../test/fixtures';
import { meritListOf } from '../../test/merit-list-answer';
import { readPdf } from '../../test/read-pdf';
import { kcseForm4 } from '../../test/results-school';
import { uploadsDir } from '../uploads/index';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT', 'BIO', 'CHE', 'PHY', 'HIS', 'CRE'] as const;
const marksOf = (base: number) =>
  Object.fromEntries(SUBJECTS.map((code, i) => [code, Math.min(100, base + i)]));

/**
 * A Form 4 East of three, an End term marked: Wanjiru (photo, entry marks, a remark) and her
 * brother Kamau share their mother's phone; Baraka has a father of his own.
 */
async function school() {
  const who = await newSchool('Kenya High School');
  const form4 = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const endTerm = (
    await create(who, '/api/grades/exams/', {
      name: 'End term',
      start_date: '2026-07-27',
      end_date: '2026-07-27',
    })
  ).id as number;
  const mother = { first_name: 'Grace', last_name: 'Wanjiku', phone_number: uniquePhone() };
  const photo = photoRefOf(await uploadPhotoFixture(t.app, who));
  const wanjiru = await admitFixture(t.app, who, form4.east, {
    first_name: 'Wanjiru',
    last_name: 'Kamau',
    date_of_birth: '2009-03-02',
    profile_photo: photo,
    parent: mother,
    consents: { photos: 'granted', sms: 'granted' },
  });
  const kamau = await admitFixture(t.app, who, form4.east, {
    first_name: 'Kamau',
    last_name: 'Kamau',
    parent: mother,
  });
  const baraka = await admitFixture(t.app, who, form4.east, {
    first_name: 'Baraka',
    last_name: 'Otieno',
    parent: { first_name: 'Peter', last_name: 'Otieno', phone_number: uniquePhone() },
  });
  await form4.saveMarks(wanjiru.id, endTerm, marksOf(71));
  await form4.saveMarks(kamau.id, endTerm, marksOf(52));
  await form4.saveMarks(baraka.id, endTerm, marksOf(64));
  await expectStatus(
    call('PATCH', `/api/students/${wanjiru.id}/`, who.auth, {
      entry_exam: 'KCPE',
      entry_index_number: '12345678901',
      entry_marks: 401,
    }),
    200,
  );
  await expectStatus(
    t.app.inject({
      method: 'PUT',
      url: `/api/exams/${endTerm}/report_cards/${wanjiru.id}/remarks/`,
      headers: who.auth,
      payload: { class_teacher: 'Wanjiru leads the debating club.' },
    }),
    200,
  );
  return { who, form4, endTerm, wanjiru, kamau, baraka, mother, photo };
}

const dataExport = (who: SignedInSchool | null, id: number | string) =>
  call('GET', `/api/students/${id}/data_export/`, who?.auth ?? {});
const erase = (who: SignedInSchool | null, id: number | string, payload: object) =>
  call('POST', `/api/students/${id}/erase/`, who?.auth ?? {}, payload);
const entriesOf = async (who: SignedInSchool, action: string) => {
  const res = await expectStatus(call('GET', `/api/audit_log/?action=${action}`, who.auth), 200);
  return auditLogResponse.parse(res.json()).entries;
};
const meritList = async (who: SignedInSchool, exam: number, classId: number) =>
  meritListOf(
    await expectStatus(
      call('GET', `/api/exams/${exam}/merit_list/?class=${classId}`, who.auth),
      200,
    ),
  );

describe('GET /api/students/{id}/data_export/', () => {
  it('answers everything held about the child and their parent as a JSON download, and audits it', async () => {
    const s = await school();
    const res = await expectStatus(dataExport(s.who, s.wanjiru.id), 200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="student-${s.wanjiru.admission_number}-data.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = studentDataExportSchema.parse(res.json());
    expect(data).toMatchObject({
      format: 'shule-student-data/1',
      school: { id: s.who.schoolId, name: 'Kenya High School' },
      student_id: s.wanjiru.id,
    });
    expect(Object.keys(data.tables).sort()).toEqual([
      'assessment_entries',
      'assessment_entry_changes',
      'attendance_marks',
      'exam_scores',
      'exam_sittings',
      'kjsea_results',
      'ledger_entries',
      'mark_changes',
      'message_recipients',
      'mpesa_stk_requests',
      'parents',
      'payments',
      'progress_report_comments',
      'progress_report_ratings',
      'progress_report_remarks',
      'report_remarks',
      'senior_choices',
      'student_subjects',
      'students',
      'teaching_group_members',
    ]);
    expect(data.tables.students).toEqual([
      expect.objectContaining({
        id: s.wanjiru.id,
        first_name: 'Wanjiru',
        last_name: 'Kamau',
        date_of_birth: '2009-03-02',
        admission_number: s.wanjiru.admission_number,
        profile_photo: s.photo,
        entry_index_number: '12345678901',
        entry_marks: 401,
        photo_consent: 'granted',
        sms_consent: 'granted',
      }),
    ]);
    expect(data.tables.parents).toEqual([
      expect.objectContaining({
        id: s.wanjiru.parent!.id,
        first_name: 'Grace',
        phone_number: s.mother.phone_number,
      }),
    ]);
    expect(data.tables.exam_scores).toHaveLength(SUBJECTS.length);
    expect(data.tables.exam_scores!.every((r) => r.student_id === s.wanjiru.id)).toBe(true);
    expect(data.tables.report_remarks).toEqual([
      expect.objectContaining({ class_teacher: 'Wanjiru leads the debating club.' }),
    ]);
    expect(data.labels.exams).toEqual({ [s.endTerm]: 'End term' });
    expect(data.labels.classes).toEqual({ [s.form4.east]: '4 East' });
    expect(Object.values(data.labels.subjects).sort()).toEqual([...SUBJECTS].sort());
    // Nothing of the brother or another family.
    expect(res.body).not.toContain('Baraka');
    expect(data.tables.students!.map((r) => r.id)).toEqual([s.wanjiru.id]);

    const [entry] = await entriesOf(s.who, 'student_data_exported');
    expect(entry).toMatchObject({
      actor_id: s.who.userId,
      subject_type: 'student',
      subject_id: s.wanjiru.id,
      address: '127.0.0.1',
    });
    expect(JSON.stringify(await entriesOf(s.who, 'student_data_exported'))).not.toContain(
      'Wanjiru',
    );
  });

  it('answers a readable PDF: the child, the parent and each kind of record, labelled', async () => {
    const s = await school();
    const res = await expectStatus(
      call('GET', `/api/students/${s.wanjiru.id}/data_export/?format=pdf`, s.who.auth),
      200,
    );
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="student-${s.wanjiru.admission_number}-data.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    if (process.env.SAVE_PDFS) writeFileSync(`${process.env.SAVE_PDFS}/export.pdf`, res.rawPayload);
    const { lines, text, pages } = readPdf(res.rawPayload);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    for (const heading of [
      'The child',
      'Parent or guardian',
      'Marks',
      'Report form remarks',
      'Subjects taken',
    ]) {
      expect(lines).toContain(heading);
    }
    // Labels beside the values, names for ids, dates as Kenyans write them.
    expect(lines).toContain('First name');
    expect(lines).toContain('Wanjiru');
    expect(lines).toContain('Date of birth');
    expect(lines).toContain('2 Mar 2009');
    expect(lines).toContain('Grace');
    expect(lines).toContain(s.mother.phone_number);
    expect(lines).toContain('End term');
    expect(lines).toContain('4 East');
    expect(text).toContain('Wanjiru leads the debating club.');
    expect(text).not.toContain('Baraka');
    expect(text).not.toContain('school_id');
    expect(await entriesOf(s.who, 'student_data_exported')).toHaveLength(1);
  });

  it('answers a CSV of section, record, field and value', async () => {
    const s = await school();
    const res = await expectStatus(
      call('GET', `/api/students/${s.wanjiru.id}/data_export/?format=csv`, s.who.auth),
      200,
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="student-${s.wanjiru.admission_number}-data.csv"`,
    );
    const [head, ...rows] = parseCsv(res.body).map((r) => r.cells);
    expect(head).toEqual(['section', 'record', 'field', 'value']);
    expect(rows.every((r) => r.length === 4)).toBe(true);
    expect(rows).toContainEqual(['The child', '1', 'First name', 'Wanjiru']);
    expect(rows).toContainEqual(['The child', '1', 'Date of birth', '2 Mar 2009']);
    expect(rows).toContainEqual(['Parent or guardian', '1', 'Phone number', s.mother.phone_number]);
    expect(rows).toContainEqual([
      'Report form remarks',
      '1',
      "Class teacher's remarks",
      'Wanjiru leads the debating club.',
    ]);
    const marks = rows.filter((r) => r[0] === 'Marks');
    expect(new Set(marks.map((r) => r[1])).size).toBe(SUBJECTS.length);
    expect(marks).toContainEqual(['Marks', '1', 'Exam', 'End term']);
    expect(res.body).not.toContain('Baraka');
  });

  it('refuses an unknown format (400)', async () => {
    const s = await school();
    const res = await expectStatus(
      call('GET', `/api/students/${s.wanjiru.id}/data_export/?format=xls`, s.who.auth),
      400,
    );
    expect(res.json().errors.format).toEqual(['Choose json, pdf or csv']);
  });

  it("answers 404 for an id no row has, 401 without a token, 403 to a teacher and 404 for another school's student", async () => {
    const s = await school();
    await expectStatus(dataExport(s.who, 'abc'), 404, 'Not found');
    await expectStatus(dataExport(null, s.wanjiru.id), 401);
    await expectStatus(dataExport(await signedInTeacher(t.app, s.who), s.wanjiru.id), 403);
    const other = await newSchool();
    await expectStatus(dataExport(other, s.wanjiru.id), 404, 'Student not found');
    for (const format of ['pdf', 'csv']) {
      const url = `/api/students/${s.wanjiru.id}/data_export/?format=${format}`;
      await expectStatus(call('GET', url, {}), 401);
      await expectStatus(call('GET', url, other.auth), 404, 'Student not found');
    }
    expect(await entriesOf(s.who, 'student_data_exported')).toEqual([]);
  });
});

describe('POST /api/students/{id}/erase/', () => {
  it('refuses a wrong or missing confirmation (400) and erases nothing', async () => {
    const s = await school();
    await expectStatus(
      erase(s.who, s.wanjiru.id, { confirm: s.kamau.admission_number }),
      400,
      ERASE_MESSAGES.confirm,
    );
    await expectStatus(
      erase(s.who, s.wanjiru.id, { confirm: 'Wanjiru' }),
      400,
      ERASE_MESSAGES.confirm,
    );
    await expectStatus(erase(s.who, s.wanjiru.id, {}), 400, 'Confirmation is required');
    const [row] = await t.app.db.select().from(students).where(eq(students.id, s.wanjiru.id));
    expect(row).toMatchObject({ firstName: 'Wanjiru', erasedAt: null, dateOfBirth: '2009-03-02' });
    expect(await entriesOf(s.who, 'student_erased')).toEqual([]);
  });

  it("erases the child's identity, keeps the marks without a name, and keeps a parent another child still has", async () => {
    const s = await school();
    const before = await meritList(s.who, s.endTerm, s.form4.east);
    const analysisOf = async () =>
      (
        await expectStatus(
          call('GET', `/api/exams/${s.endTerm}/analysis/?class=${s.form4.east}`, s.who.auth),
          200,
        )
      ).json() as ExamAnalysis;
    const analysisBefore = await analysisOf();
    const res = await expectStatus(
      erase(s.who, s.wanjiru.id, { confirm: ` ${s.wanjiru.admission_number} ` }),
      200,
    );
    expect(res.json()).toEqual({ message: ERASE_MESSAGES.erased(s.wanjiru.admission_number) });

    const [row] = await t.app.db.select().from(students).where(eq(students.id, s.wanjiru.id));
    expect(row).toMatchObject({
      firstName: 'Erased',
      lastName: 'student',
      admissionNumber: `erased-${s.wanjiru.id}`,
      dateOfBirth: null,
      profilePhoto: null,
      parentId: null,
      entryIndexNumber: null,
      entryMarks: 401,
      classId: s.form4.east,
      erasedAt: expect.any(Date),
    });
    // The photo is gone, its upload row and its file.
    const name = s.photo.slice('/uploads/'.length);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
    expect(existsSync(path.join(uploadsDir(t.config.dataDir), name))).toBe(false);
    const scores = await t.app.db
      .select()
      .from(examScores)
      .where(eq(examScores.studentId, s.wanjiru.id));
    expect(scores).toHaveLength(SUBJECTS.length);
    expect(
      await t.app.db.select().from(reportRemarks).where(eq(reportRemarks.studentId, s.wanjiru.id)),
    ).toEqual([]);
    // The mother stays: Kamau is still hers.
    const [mother] = await t.app.db
      .select()
      .from(parents)
      .where(eq(parents.id, s.wanjiru.parent!.id));
    expect(mother?.phoneNumber).toBe(s.mother.phone_number);

    // The students screens no longer have her; results keep her marks as "Erased student".
    await expectStatus(call('GET', `/api/students/${s.wanjiru.id}/`, s.who.auth), 404);
    const list = studentListResponse.parse(
      (
        await expectStatus(
          call('GET', `/api/students/get_students/0/${s.who.schoolId}/`, s.who.auth),
          200,
        )
      ).json(),
    );
    expect(list.students.map((st) => st.first_name).sort()).toEqual(['Baraka', 'Kamau']);
    expect(list.total).toBe(2);
    const counts = await expectStatus(call('GET', '/api/students/count/', s.who.auth), 200);
    expect(counts.json().total).toBe(2);

    const after = await meritList(s.who, s.endTerm, s.form4.east);
    const erasedRow = after.rows.find((r) => r.student_id === s.wanjiru.id)!;
    expect(erasedRow).toMatchObject({
      name: 'Erased student',
      admission_number: `erased-${s.wanjiru.id}`,
    });
    expect(erasedRow.entry?.index_number ?? null).toBeNull();
    const withoutIdentity = (list: MeritList) =>
      list.rows.map(({ name: _n, admission_number: _a, entry: _e, ...rest }) => rest);
    expect(withoutIdentity(after)).toEqual(withoutIdentity(before));
    expect(JSON.stringify(after)).not.toContain('Wanjiru');

    const analysisAfter = await analysisOf();
    expect(analysisAfter.overall).toEqual(analysisBefore.overall);
    expect(analysisAfter.streams).toEqual(analysisBefore.streams);
    expect(JSON.stringify(analysisBefore)).toContain('Wanjiru');
    expect(JSON.stringify(analysisAfter)).not.toContain('Wanjiru');
    const cards = await expectStatus(
      call(
        'GET',
        `/api/exams/${s.endTerm}/report_cards/?class=${s.form4.east}&student=${s.wanjiru.id}&format=json`,
        s.who.auth,
      ),
      200,
    );
    const [card] = (cards.json() as ReportCards).report_cards;
    expect(card!.student).toMatchObject({ name: 'Erased student', photo: null });
    const pdf = await call(
      'GET',
      `/api/exams/${s.endTerm}/report_cards/?class=${s.form4.east}&student=${s.wanjiru.id}&format=pdf`,
      s.who.auth,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The class counts two; the grading screen lists her only for the exam her marks are in.
    const classes = await expectStatus(
      call('GET', `/api/classes/?school=${s.who.schoolId}`, s.who.auth),
      200,
    );
    const east = (classes.json().classes as { id: number; totalStudents: number }[]).find(
      (c) => c.id === s.form4.east,
    );
    expect(east?.totalStudents).toBe(2);
    const later = (
      await create(s.who, '/api/grades/exams/', {
        name: 'Opener T3',
        start_date: '2026-09-07',
        end_date: '2026-09-07',
      })
    ).id as number;
    const grading = async (exam: number) =>
      (
        await expectStatus(
          call(
            'GET',
            `/api/students/students_with_grades/?exam=${exam}&class=${s.form4.east}`,
            s.who.auth,
          ),
          200,
        )
      ).json().students as { id: number; first_name: string }[];
    expect((await grading(s.endTerm)).map((st) => st.first_name).sort()).toEqual([
      'Baraka',
      'Erased',
      'Kamau',
    ]);
    expect((await grading(later)).map((st) => st.id)).not.toContain(s.wanjiru.id);

    const [entry] = await entriesOf(s.who, 'student_erased');
    expect(entry).toMatchObject({
      actor_id: s.who.userId,
      subject_type: 'student',
      subject_id: s.wanjiru.id,
    });
    // Erased once: a second erasure, an export or a consent change finds no student.
    await expectStatus(erase(s.who, s.wanjiru.id, { confirm: `erased-${s.wanjiru.id}` }), 404);
    await expectStatus(dataExport(s.who, s.wanjiru.id), 404);
    await expectStatus(
      call('PATCH', `/api/students/${s.wanjiru.id}/consents/`, s.who.auth, { sms: 'refused' }),
      404,
    );
  });

  it("deletes the replayable answer of the child's admission, not another child's", async () => {
    const s = await school();
    const admitWithKey = (key: string, first_name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/classes/${s.form4.east}/add_student/`,
        headers: { ...s.who.auth, 'idempotency-key': key },
        payload: { ...studentBody({ first_name }), last_name: 'Keyed' },
      });
    const zawadi = (await expectStatus(admitWithKey('admit-zawadi', 'Zawadi'), 201)).json().student;
    await expectStatus(admitWithKey('admit-halima', 'Halima'), 201);
    const answers = async () =>
      (
        await t.app.db
          .select({ body: idempotencyKeys.responseBody })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.schoolId, s.who.schoolId))
      ).map((r) => r.body ?? '');
    expect((await answers()).filter((b) => b.includes('Zawadi'))).toHaveLength(1);
    await expectStatus(erase(s.who, zawadi.id, { confirm: zawadi.admission_number }), 200);
    const left = await answers();
    expect(left.some((b) => b.includes('Zawadi'))).toBe(false);
    expect(left.filter((b) => b.includes('Halima'))).toHaveLength(1);
  });

  it("erases a parent with their last child, and no other family's data", async () => {
    const s = await school();
    await expectStatus(erase(s.who, s.wanjiru.id, { confirm: s.wanjiru.admission_number }), 200);
    await expectStatus(erase(s.who, s.kamau.id, { confirm: s.kamau.admission_number }), 200);
    const left = await t.app.db
      .select({ phone: parents.phoneNumber })
      .from(parents)
      .where(eq(parents.schoolId, s.who.schoolId));
    expect(left).toEqual([{ phone: s.baraka.parent!.user.phone_number }]);
    const [baraka] = await t.app.db.select().from(students).where(eq(students.id, s.baraka.id));
    expect(baraka).toMatchObject({ firstName: 'Baraka', erasedAt: null });
    expect(baraka?.parentId).toBe(s.baraka.parent!.id);
  });

  it("answers 401 without a token, 403 to a teacher and 404 for another school's student, erasing nothing", async () => {
    const s = await school();
    const confirm = { confirm: s.wanjiru.admission_number };
    await expectStatus(erase(null, s.wanjiru.id, confirm), 401);
    await expectStatus(erase(await signedInTeacher(t.app, s.who), s.wanjiru.id, confirm), 403);
    await expectStatus(erase(await newSchool(), s.wanjiru.id, confirm), 404, 'Student not found');
    await expectStatus(erase(s.who, 0, confirm), 404, 'Not found');
    const [row] = await t.app.db.select().from(students).where(eq(students.id, s.wanjiru.id));
    expect(row?.erasedAt).toBeNull();
  });
});
