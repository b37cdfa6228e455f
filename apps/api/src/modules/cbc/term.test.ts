import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceMarks, students } from '../../db/schema/index';
import type { SignedInSchool } from '../../test/app';
import { countQueries, expectStatus, useTestApp } from '../../test/app';
import {
  addTeacherFixture,
  admitFixture,
  learningAreasOf,
  signedInTeacher,
  signInChangingPassword,
} from '../../test/fixtures';
import { readPdf } from '../../test/read-pdf';
import { loadTermPicture } from './term-picture';

const { t, call, create, newSchool } = useTestApp();

/**
 * 8 East (Grade 8, the eight-level scale) in Term 1 2027 with three learners and Mathematics'
 * Numbers strand assessed three times in the term and once before it:
 * Achieng ME2, ME2, EE1 (latest EE1, most frequent ME2); Baraka BE1, BE2, BE2; Chebet absent
 * every time. The maths teacher is assigned to the class.
 */
async function termOfGrade8(who: SignedInSchool) {
  const { class: east } = await create(who, '/api/classes/', { name: '8 East', level: 'Grade 8' });
  const admit = (first_name: string, last_name: string) =>
    admitFixture(t.app, who, east.id, { first_name, last_name });
  const achieng = await admit('Achieng', 'Otieno');
  const baraka = await admit('Baraka', 'Mwangi');
  const chebet = await admit('Chebet', 'Kiprop');
  const year = await create(who, '/api/fees/academic_years/', {
    name: '2027',
    start_date: '2027-01-01',
    end_date: '2027-12-31',
  });
  const term = await create(who, '/api/fees/terms/', {
    name: 'Term 1',
    start_date: '2027-01-04',
    end_date: '2027-04-02',
    academic_year: year.id,
  });
  await create(who, '/api/fees/terms/', {
    name: 'Term 2',
    start_date: '2027-04-26',
    end_date: '2027-07-30',
    academic_year: year.id,
  });
  const area = await learningAreasOf(t.app, who, 'Grade 8');
  const maths = area('Mathematics');
  const numbers = await create(who, '/api/cbc/strands/', {
    learning_area: maths.id,
    strand: 'Numbers',
  });
  const { teacher, phone, password } = await addTeacherFixture(t.app, who);
  await create(who, `/api/staff/teachers/${teacher.id}/assignments/`, {
    class: east.id,
    learning_area: maths.id,
  });
  const teacherAuth = (await signInChangingPassword(t.app, phone, password)).auth;
  const assess = async (date: string, levels: [number, string | null][]) => {
    const made = await create(who, '/api/cbc/assessments/', {
      class: east.id,
      learning_area: maths.id,
      kind: 'observation',
      date,
      strands: [numbers.id],
    });
    await expectStatus(
      call('PUT', `/api/cbc/assessments/${made.id}/levels/`, who.auth, {
        entries: levels.map(([student, level]) =>
          level === null
            ? { student, strand: numbers.id, absent: true }
            : { student, strand: numbers.id, level },
        ),
      }),
      200,
    );
  };
  // Before the term: not part of it.
  await assess('2026-11-20', [
    [achieng.id, 'BE2'],
    [baraka.id, 'EE1'],
  ]);
  await assess('2027-01-20', [
    [achieng.id, 'ME2'],
    [baraka.id, 'BE1'],
    [chebet.id, null],
  ]);
  await assess('2027-02-10', [
    [achieng.id, 'ME2'],
    [baraka.id, 'BE2'],
    [chebet.id, null],
  ]);
  await assess('2027-03-01', [
    [achieng.id, 'EE1'],
    [baraka.id, 'BE2'],
    [chebet.id, null],
  ]);
  return { east, term, maths, english: area('English'), achieng, baraka, chebet, teacherAuth };
}

const summaryUrl = (classId: number, termId: number | string) =>
  `/api/cbc/classes/${classId}/summary/?term=${termId}`;

const reportsUrl = (classId: number, termId: number, student?: number) =>
  `/api/cbc/progress_reports/?class=${classId}&term=${termId}${student ? `&student=${student}` : ''}`;

const countsOf = (area: { counts: { level: string; count: number }[] }) =>
  Object.fromEntries(area.counts.filter((c) => c.count > 0).map((c) => [c.level, c.count]));

describe('GET /api/cbc/classes/{id}/summary/', () => {
  it('counts the learners at each level per learning area and names those below expectations', async () => {
    const who = await newSchool();
    const s = await termOfGrade8(who);
    const res = await expectStatus(call('GET', summaryUrl(s.east.id, s.term.id), who.auth), 200);
    const summary = res.json();
    expect(summary).toMatchObject({
      class: { id: s.east.id, name: '8 East', level: 'Grade 8' },
      term: { id: s.term.id, name: 'Term 1', start_date: '2027-01-04', end_date: '2027-04-02' },
      scale: 'kjsea',
      strand_rule: 'latest',
      strand_rule_statement: "Each strand's level is the latest assessed this term.",
      learners: 3,
    });
    expect(summary.levels[0]).toEqual({ level: 'EE1', words: 'Exceeding Expectations' });
    expect(summary.levels).toHaveLength(8);
    const maths = summary.learning_areas.find((a: { id: number }) => a.id === s.maths.id);
    // Achieng EE1 (her latest), Baraka BE2; Chebet absent every time: not assessed, never BE.
    expect(countsOf(maths)).toEqual({ EE1: 1, BE2: 1 });
    expect(maths.counts).toHaveLength(8);
    expect(maths.counts[0]).toEqual({
      level: 'EE1',
      words: 'Exceeding Expectations',
      count: 1,
    });
    expect(maths.not_assessed).toBe(1);
    expect(maths.below_expectations).toEqual([
      {
        id: s.baraka.id,
        name: 'Baraka Mwangi',
        admission_number: s.baraka.admission_number,
        level: 'BE2',
        words: 'Below Expectations',
      },
    ]);
    const english = summary.learning_areas.find((a: { id: number }) => a.id === s.english.id);
    expect(countsOf(english)).toEqual({});
    expect(english.not_assessed).toBe(3);
    expect(english.below_expectations).toEqual([]);
    expect(res.body).not.toMatch(/position|rank/i);
  });

  it('reads each strand by the rule the school chose', async () => {
    const who = await newSchool();
    const s = await termOfGrade8(who);
    const settings = await expectStatus(
      call('PUT', '/api/cbc/settings/', who.auth, { strand_rule: 'most_frequent' }),
      200,
    );
    expect(settings.json()).toEqual({
      strand_rule: 'most_frequent',
      strand_rule_label: 'The level given most often',
      strand_rule_statement: "Each strand's level is the one given most often this term.",
    });
    expect((await call('GET', '/api/cbc/settings/', s.teacherAuth)).json().strand_rule).toBe(
      'most_frequent',
    );
    const summary = (await call('GET', summaryUrl(s.east.id, s.term.id), who.auth)).json();
    const maths = summary.learning_areas.find((a: { id: number }) => a.id === s.maths.id);
    // Achieng ME2, ME2, EE1: ME2 is the most frequent.
    expect(countsOf(maths)).toEqual({ ME2: 1, BE2: 1 });
    expect(summary.strand_rule).toBe('most_frequent');
    await expectStatus(
      call('PUT', '/api/cbc/settings/', who.auth, { strand_rule: 'mean' }),
      400,
      'Choose the latest level or the most frequent',
    );
    await expectStatus(
      call('PUT', '/api/cbc/settings/', s.teacherAuth, { strand_rule: 'latest' }),
      403,
    );
  });

  it('lets a teacher of the class read it, and no other teacher', async () => {
    const who = await newSchool();
    const s = await termOfGrade8(who);
    await expectStatus(call('GET', summaryUrl(s.east.id, s.term.id), s.teacherAuth), 200);
    const stranger = await signedInTeacher(t.app, who);
    await expectStatus(call('GET', summaryUrl(s.east.id, s.term.id), stranger.auth), 403);
  });

  it("answers 400 without a term, 401 without a token and 404 for another school's class or term", async () => {
    const who = await newSchool();
    const s = await termOfGrade8(who);
    const theirs = await newSchool();
    const bad = await expectStatus(
      call('GET', `/api/cbc/classes/${s.east.id}/summary/`, who.auth),
      400,
    );
    expect(bad.body).toContain('Choose a term');
    await expectStatus(call('GET', summaryUrl(s.east.id, 'abc'), who.auth), 400);
    await expectStatus(call('GET', summaryUrl(s.east.id, s.term.id), {}), 401);
    await expectStatus(
      call('GET', summaryUrl(s.east.id, s.term.id), theirs.auth),
      404,
      'Class not found',
    );
    const { class: mine } = await create(theirs, '/api/classes/', {
      name: '8 West',
      level: 'Grade 8',
    });
    await expectStatus(
      call('GET', summaryUrl(mine.id, s.term.id), theirs.auth),
      404,
      'Term not found',
    );
  });

  it('reads the data in three queries whatever the class size', async () => {
    const who = await newSchool();
    const s = await termOfGrade8(who);
    const load = () => loadTermPicture(t.app.db, who.schoolId, s.east.id, s.term.id);
    const few = await countQueries(t.app, load);
    for (const name of ['Dalia', 'Eliud', 'Faith']) {
      await admitFixture(t.app, who, s.east.id, { first_name: name, last_name: 'Njeri' });
    }
    const many = await countQueries(t.app, load);
    expect(few).toBe(3);
    expect(many).toBe(few);
    expect((await load()).learners).toHaveLength(6);
  });
});

describe('GET /api/cbc/progress_reports/', () => {
  async function withAttendanceAndUpi(who: SignedInSchool) {
    const s = await termOfGrade8(who);
    await t.app.db
      .update(students)
      .set({ upi: 'UPI4XK27', assessmentNumber: 'A008123456' })
      .where(eq(students.id, s.achieng.id));
    const mark = (date: string, status: string) => ({
      schoolId: who.schoolId,
      classId: s.east.id,
      studentId: s.achieng.id,
      date,
      status,
      recordedBy: who.userId,
    });
    await t.app.db
      .insert(attendanceMarks)
      .values([
        mark('2027-01-05', 'present'),
        mark('2027-01-06', 'late'),
        mark('2027-01-07', 'absent'),
        mark('2026-12-01', 'absent'),
      ]);
    return s;
  }

  it("prints each learner's learning areas with levels and words, attendance and the term's dates", async () => {
    const who = await newSchool();
    const s = await withAttendanceAndUpi(who);
    await expectStatus(
      call('PUT', `/api/cbc/classes/${s.east.id}/ratings/`, who.auth, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, name: 'Integrity', level: 'EE' }],
      }),
      200,
    );
    await expectStatus(
      call('PUT', `/api/cbc/classes/${s.east.id}/remarks/`, who.auth, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, class_teacher_remark: 'A kind and careful worker.' }],
      }),
      200,
    );
    const res = await expectStatus(call('GET', reportsUrl(s.east.id, s.term.id), who.auth), 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('progress-reports-8-east-term-1.pdf');
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    for (const name of ['Achieng Otieno', 'Baraka Mwangi', 'Chebet Kiprop']) {
      expect(pdf.lines).toContain(name);
    }
    expect(pdf.lines).toContain('LEARNER PROGRESS REPORT · TERM 1 2027');
    expect(pdf.lines).toContain('Mathematics');
    expect(pdf.lines).toContain('Numbers');
    expect(pdf.lines).toContain('EE1');
    expect(pdf.lines).toContain('Exceeding Expectations');
    expect(pdf.lines).toContain('BE2');
    expect(pdf.lines).toContain('Below Expectations');
    expect(pdf.lines).toContain('Not assessed this term');
    expect(pdf.lines).toContain("Each strand's level is the latest assessed this term.");
    expect(pdf.lines).toContain('UPI4XK27');
    expect(pdf.lines).toContain('A008123456');
    // Present or late on 2 of the 3 days registered in the term.
    expect(pdf.lines).toContain('2 of 3 days (66.7%)');
    expect(pdf.lines).toContain('Term closes on 2 Apr 2027.');
    expect(pdf.lines).toContain('Next term opens on 26 Apr 2027.');
    expect(pdf.lines).toContain("Teacher's comment:");
    expect(pdf.lines).toContain("CLASS TEACHER'S REMARKS");
    // What the class teacher wrote (report-inputs.ts) is on the learner's report.
    expect(pdf.lines).toContain('Integrity');
    expect(pdf.text).toContain('A kind and careful worker.');
    expect(pdf.text).not.toMatch(/position|rank/i);
  });

  it('prints one learner with &student=, without a UPI the register lacks', async () => {
    const who = await newSchool();
    const s = await withAttendanceAndUpi(who);
    const res = await expectStatus(
      call('GET', reportsUrl(s.east.id, s.term.id, s.baraka.id), s.teacherAuth),
      200,
    );
    const pdf = readPdf(res.rawPayload);
    expect(pdf.lines).toContain('Baraka Mwangi');
    expect(pdf.lines).not.toContain('Achieng Otieno');
    expect(pdf.lines).not.toContain('UPI');
    expect(pdf.lines).toContain('No registers taken');
    expect(pdf.lines).toContain('BE2');
  });

  it('answers 400, 401, 403 and 404 as the summary does', async () => {
    const who = await newSchool();
    const s = await termOfGrade8(who);
    const theirs = await newSchool();
    const bad = await expectStatus(
      call('GET', `/api/cbc/progress_reports/?class=${s.east.id}`, who.auth),
      400,
    );
    expect(bad.body).toContain('Choose a term');
    await expectStatus(call('GET', reportsUrl(s.east.id, s.term.id), {}), 401);
    await expectStatus(
      call('GET', reportsUrl(s.east.id, s.term.id), theirs.auth),
      404,
      'Class not found',
    );
    const stranger = await signedInTeacher(t.app, who);
    await expectStatus(call('GET', reportsUrl(s.east.id, s.term.id), stranger.auth), 403);
    const { class: west } = await create(who, '/api/classes/', {
      name: '8 West',
      level: 'Grade 8',
    });
    const other = await admitFixture(t.app, who, west.id, { first_name: 'Zawadi' });
    await expectStatus(
      call('GET', reportsUrl(s.east.id, s.term.id, other.id), who.auth),
      404,
      'Student not found',
    );
  });
});
