import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { insertStudent } from '../../test/seed';
import { storeImage } from '../uploads/index';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT', 'BIO', 'CHE', 'HIS', 'CRE', 'AGR'];

/** A Form 4 stream on the KCSE scale with an End Term exam and two students' marks. */
async function markedStream(who: SignedInSchool) {
  await expectStatus(call('POST', '/api/grades/grades/kcse/', who.auth), 201);
  const east = (await create(who, '/api/classes/', { name: '4 East', level: 'Form 4' })).class
    .id as number;
  const subjectIds: number[] = [];
  for (const code of SUBJECTS) {
    subjectIds.push(
      (await create(who, '/api/grades/subjects/', { name: code, code, classes: [east] })).id,
    );
  }
  const exam = (
    await create(who, '/api/grades/exams/', {
      name: 'End Term',
      start_date: '2026-07-27',
      end_date: '2026-07-31',
    })
  ).id as number;
  for (const [first, base] of [
    ['Amina', 70],
    ['Baraka', 55],
  ] as const) {
    const student = await insertStudent(t.app, who.schoolId, east, { first, last: 'Test' });
    await expectStatus(
      call('POST', '/api/grades/student_subject_grades/', who.auth, {
        student,
        exam,
        subject_marks: Object.fromEntries(subjectIds.map((id, i) => [id, base + i])),
      }),
      200,
    );
  }
  return { east, exam };
}

const pdfOf = (who: Record<string, string>, exam: number, query: string) =>
  call('GET', `/api/exams/${exam}/merit_list/?${query}&format=pdf`, who);

describe('GET /api/exams/{id}/merit_list/?format=pdf', () => {
  it('answers the list as a PDF file named after its scope and exam', async () => {
    const who = await newSchool();
    const { east, exam } = await markedStream(who);
    const res = await expectStatus(pdfOf(who.auth, exam, `class=${east}`), 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="merit-list-4-east-end-term.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('/Count 1');

    const level = await expectStatus(pdfOf(who.auth, exam, 'level=Form%204'), 200);
    expect(level.headers['content-disposition']).toContain('merit-list-form-4-end-term.pdf');
  });

  it('prints the school’s crest when its logo is an upload, and goes without a missing one', async () => {
    const who = await newSchool();
    const { east, exam } = await markedStream(who);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
      'base64',
    );
    const crest = await storeImage(
      t.app.db,
      t.config.dataDir,
      { schoolId: who.schoolId, userId: who.userId },
      png,
      t.config.uploadLimits,
    );
    const setLogo = (logo: string) =>
      t.app.db.update(schools).set({ logo }).where(eq(schools.id, who.schoolId));

    await setLogo(crest);
    const withCrest = await expectStatus(pdfOf(who.auth, exam, `class=${east}`), 200);
    expect(withCrest.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    await setLogo('/uploads/no-such-file-here.png');
    const without = await expectStatus(pdfOf(who.auth, exam, `class=${east}`), 200);
    expect(without.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('answers 400 for a bad format, 401 without a token and 404 for another school’s exam', async () => {
    const who = await newSchool();
    const { east, exam } = await markedStream(who);
    await expectStatus(
      call('GET', `/api/exams/${exam}/merit_list/?class=${east}&format=docx`, who.auth),
      400,
    );
    await expectStatus(pdfOf({}, exam, `class=${east}`), 401);
    const other = await newSchool();
    await expectStatus(pdfOf(other.auth, exam, 'level=Form%204'), 404);
    await expectStatus(pdfOf(other.auth, exam, `class=${east}`), 404);
  });
});
