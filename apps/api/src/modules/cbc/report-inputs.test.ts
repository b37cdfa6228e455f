import {
  CORE_COMPETENCIES,
  CORE_VALUES,
  DEFAULT_COMMENT_BANK,
  REPORT_INPUT_MESSAGES,
} from '@shule/shared/cbc-report-inputs';
import { notYourLearningAreaMessage } from '@shule/shared/teaching';
import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { countQueries, expectStatus, useTestApp } from '../../test/app';
import {
  addTeacherFixture,
  admitFixture,
  learningAreasOf,
  signInChangingPassword,
} from '../../test/fixtures';
import { progressReportInputs } from './index';

const { t, call, create, schools, newSchool } = useTestApp('Kilimani Primary School');
const [other] = schools;

async function termOf(who: SignedInSchool) {
  const year = await create(who, '/api/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  return create(who, '/api/fees/terms/', {
    name: 'Term 3',
    start_date: '2026-08-24',
    end_date: '2026-10-23',
    academic_year: year.id,
  });
}

async function signedInTeacherOf(who: SignedInSchool, firstName: string) {
  const { teacher, phone, password } = await addTeacherFixture(t.app, who, {
    first_name: firstName,
  });
  const { auth } = await signInChangingPassword(t.app, phone, password);
  return { teacher, auth };
}

/**
 * 4 East (Grade 4) with two learners, a term, its class teacher (Wanjiru) and the teacher of
 * its English (Otieno), who leads no class.
 */
async function grade4(who: SignedInSchool) {
  const { class: east } = await create(who, '/api/classes/', { name: '4 East', level: 'Grade 4' });
  const achieng = await admitFixture(t.app, who, east.id, {
    first_name: 'Achieng',
    last_name: 'Otieno',
  });
  const baraka = await admitFixture(t.app, who, east.id, {
    first_name: 'Baraka',
    last_name: 'Mwangi',
  });
  const term = await termOf(who);
  const area = await learningAreasOf(t.app, who, 'Grade 4');
  const classTeacher = await signedInTeacherOf(who, 'Wanjiru');
  await expectStatus(
    call('PATCH', `/api/classes/${east.id}/`, who.auth, { class_teacher: classTeacher.teacher.id }),
    200,
  );
  const englishTeacher = await signedInTeacherOf(who, 'Otieno');
  const english = area('English');
  await create(who, `/api/staff/teachers/${englishTeacher.teacher.id}/assignments/`, {
    class: east.id,
    learning_area: english.id,
  });
  return {
    east,
    term,
    achieng,
    baraka,
    english,
    maths: area('Mathematics'),
    classTeacher: classTeacher.auth,
    englishTeacher: englishTeacher.auth,
  };
}

const put = (path: string, auth: Record<string, string>, body: object) =>
  call('PUT', path, auth, body);

describe('competencies, values and remarks of a class in a term', () => {
  it('lets the class teacher rate and remark, the admin remark as head teacher, and reads them back', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const rated = await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/ratings/`, s.classTeacher, {
        term: s.term.id,
        entries: [
          { student: s.achieng.id, name: 'Communication and collaboration', level: 'EE' },
          { student: s.achieng.id, name: 'Integrity', level: 'me' },
          { student: s.baraka.id, name: 'Self-efficacy', level: 'AE' },
        ],
      }),
      200,
    );
    const [achieng, baraka] = rated.json().learners;
    expect(achieng.name).toBe('Achieng Otieno');
    expect(achieng.inputs.competencies).toHaveLength(CORE_COMPETENCIES.length);
    expect(achieng.inputs.competencies[0]).toEqual({
      name: 'Communication and collaboration',
      level: 'EE',
    });
    expect(achieng.inputs.values.find((v: { name: string }) => v.name === 'Integrity').level).toBe(
      'ME',
    );
    expect(baraka.inputs.competencies.at(-1)).toEqual({ name: 'Self-efficacy', level: 'AE' });
    expect(rated.json().may_write).toEqual({ ratings: true, head_teacher_remark: false });

    // A null level clears one rating, the others stay.
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/ratings/`, s.classTeacher, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, name: 'Integrity', level: null }],
      }),
      200,
    );
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, s.classTeacher, {
        term: s.term.id,
        entries: [
          { student: s.achieng.id, class_teacher_remark: 'A helpful member of the class.' },
        ],
      }),
      200,
    );
    // The head teacher's remark leaves the class teacher's as it was.
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, who.auth, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, head_teacher_remark: 'Well done.' }],
      }),
      200,
    );
    const read = await expectStatus(
      call('GET', `/api/cbc/classes/${s.east.id}/report_inputs/?term=${s.term.id}`, who.auth),
      200,
    );
    const first = read.json().learners[0];
    expect(first.inputs).toMatchObject({
      class_teacher_remark: 'A helpful member of the class.',
      head_teacher_remark: 'Well done.',
    });
    expect(first.inputs.values.every((v: { level: string | null }) => v.level === null)).toBe(true);
    expect(read.json().may_write).toEqual({ ratings: true, head_teacher_remark: true });
    expect(read.body).not.toMatch(/position|rank/i);
  });

  it('refuses a bad entry naming it, and saves nothing of the request', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const path = `/api/cbc/classes/${s.east.id}/ratings/`;
    const badLevel = await expectStatus(
      put(path, s.classTeacher, {
        term: s.term.id,
        entries: [
          { student: s.achieng.id, name: 'Citizenship', level: 'ME' },
          { student: s.baraka.id, name: 'Citizenship', level: 'EE1' },
        ],
      }),
      400,
    );
    expect(badLevel.json().errors['entries.1.level']).toEqual([REPORT_INPUT_MESSAGES.level]);
    const badName = await expectStatus(
      put(path, s.classTeacher, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, name: 'Punctuality', level: 'ME' }],
      }),
      400,
    );
    expect(badName.json().errors['entries.0.name']).toEqual([REPORT_INPUT_MESSAGES.name]);
    const { class: west } = await create(who, '/api/classes/', {
      name: '4 West',
      level: 'Grade 4',
    });
    const elsewhere = await admitFixture(t.app, who, west.id, { first_name: 'Chebet' });
    await expectStatus(
      put(path, s.classTeacher, {
        term: s.term.id,
        entries: [
          { student: s.achieng.id, name: 'Citizenship', level: 'ME' },
          { student: elsewhere.id, name: 'Citizenship', level: 'ME' },
        ],
      }),
      400,
      `Entry 2: ${REPORT_INPUT_MESSAGES.notInClass}`,
    );
    await expectStatus(
      put(path, s.classTeacher, {
        term: s.term.id,
        entries: [
          { student: s.achieng.id, name: 'Citizenship', level: 'ME' },
          { student: s.achieng.id, name: 'Citizenship', level: 'EE' },
        ],
      }),
      400,
      `Entry 2 (Achieng Otieno): ${REPORT_INPUT_MESSAGES.twice(0)}`,
    );
    const remarks = await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, s.classTeacher, {
        term: s.term.id,
        entries: [{ student: s.achieng.id }],
      }),
      400,
    );
    expect(remarks.json().errors['entries.0.class_teacher_remark']).toEqual([
      REPORT_INPUT_MESSAGES.remarkMissing,
    ]);
    await expectStatus(put(path, s.classTeacher, { entries: [] }), 400, 'Choose a term');
    const read = await call(
      'GET',
      `/api/cbc/classes/${s.east.id}/report_inputs/?term=${s.term.id}`,
      who.auth,
    );
    const levels = read
      .json()
      .learners.flatMap((l: { inputs: { competencies: { level: string | null }[] } }) =>
        l.inputs.competencies.map((c) => c.level),
      );
    expect(levels.every((level: string | null) => level === null)).toBe(true);
  });

  it('lets only the class teacher or an admin rate, and only an admin write the head teacher’s remark', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const rating = {
      term: s.term.id,
      entries: [{ student: s.achieng.id, name: 'Love', level: 'ME' }],
    };
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/ratings/`, s.englishTeacher, rating),
      403,
      REPORT_INPUT_MESSAGES.notClassTeacher('4 East'),
    );
    await expectStatus(put(`/api/cbc/classes/${s.east.id}/ratings/`, who.auth, rating), 200);
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, s.classTeacher, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, head_teacher_remark: 'Well done.' }],
      }),
      403,
      REPORT_INPUT_MESSAGES.notHeadTeacher,
    );
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, s.englishTeacher, {
        term: s.term.id,
        entries: [{ student: s.achieng.id, class_teacher_remark: 'Good.' }],
      }),
      403,
      REPORT_INPUT_MESSAGES.notClassTeacher('4 East'),
    );
    // The English teacher reads the class they teach, but may not write its ratings.
    const read = await expectStatus(
      call(
        'GET',
        `/api/cbc/classes/${s.east.id}/report_inputs/?term=${s.term.id}`,
        s.englishTeacher,
      ),
      200,
    );
    expect(read.json().may_write).toEqual({ ratings: false, head_teacher_remark: false });
  });

  it('answers 401 without a token and 404 for another school’s class or term', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const theirs = await grade4(other);
    const paths: [string, string, object?][] = [
      ['GET', `/api/cbc/classes/${s.east.id}/report_inputs/?term=${s.term.id}`],
      ['PUT', `/api/cbc/classes/${s.east.id}/ratings/`, { term: s.term.id, entries: [] }],
      ['PUT', `/api/cbc/classes/${s.east.id}/remarks/`, { term: s.term.id, entries: [] }],
      ['GET', `/api/cbc/classes/${s.east.id}/comments/?term=${s.term.id}&learning_area=1`],
      ['PUT', `/api/cbc/classes/${s.east.id}/comments/`, {}],
      ['GET', '/api/cbc/comment_bank/'],
      ['POST', '/api/cbc/comment_bank/', { level: 'ME', text: 'Good' }],
      ['PATCH', '/api/cbc/comment_bank/1/', { text: 'Good' }],
      ['DELETE', '/api/cbc/comment_bank/1/'],
    ];
    for (const [method, path, body] of paths) {
      await expectStatus(call(method as 'GET', path, {}, body), 401);
    }
    const entry = { student: s.achieng.id, name: 'Love', level: 'ME' };
    await expectStatus(
      put(`/api/cbc/classes/${theirs.east.id}/ratings/`, who.auth, {
        term: s.term.id,
        entries: [entry],
      }),
      404,
      'Class not found',
    );
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/ratings/`, who.auth, {
        term: theirs.term.id,
        entries: [entry],
      }),
      404,
      'Term not found',
    );
    await expectStatus(
      call('GET', `/api/cbc/classes/${theirs.east.id}/report_inputs/?term=${s.term.id}`, who.auth),
      404,
    );
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/comments/`, who.auth, {
        term: s.term.id,
        learning_area: theirs.english.id,
        entries: [{ student: s.achieng.id, comment: 'Good' }],
      }),
      404,
      'Learning area not found',
    );
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, who.auth, {
        term: s.term.id,
        entries: [{ student: theirs.achieng.id, head_teacher_remark: 'Well done.' }],
      }),
      400,
      `Entry 1: ${REPORT_INPUT_MESSAGES.notInClass}`,
    );
  });
});

describe('a term with progress report inputs', () => {
  it('is not deleted: what the teachers wrote would be lost', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const term2 = await create(who, '/api/fees/terms/', {
      name: 'Term 2',
      start_date: '2026-04-27',
      end_date: '2026-07-31',
      academic_year: s.term.academic_year.id,
    });
    await expectStatus(call('DELETE', `/api/fees/terms/${term2.id}/`, who.auth), 204);
    const term = s.term;
    await expectStatus(
      put(`/api/cbc/classes/${s.east.id}/remarks/`, who.auth, {
        term: term.id,
        entries: [{ student: s.baraka.id, head_teacher_remark: 'Well done.' }],
      }),
      200,
    );
    await expectStatus(
      call('DELETE', `/api/fees/terms/${term.id}/`, who.auth),
      409,
      REPORT_INPUT_MESSAGES.termInUse('Term 3', 1),
    );
  });
});

describe('learning area comments', () => {
  it('lets the teacher of the learning area comment on each learner, and clears a comment', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const path = `/api/cbc/classes/${s.east.id}/comments/`;
    const saved = await expectStatus(
      put(path, s.englishTeacher, {
        term: s.term.id,
        learning_area: s.english.id,
        entries: [
          { student: s.achieng.id, comment: 'Reads fluently.' },
          { student: s.baraka.id, comment: 'Good work. Keep practising.' },
        ],
      }),
      200,
    );
    expect(saved.json().learners).toEqual([
      expect.objectContaining({ name: 'Achieng Otieno', comment: 'Reads fluently.' }),
      expect.objectContaining({ name: 'Baraka Mwangi', comment: 'Good work. Keep practising.' }),
    ]);
    await expectStatus(
      put(path, s.englishTeacher, {
        term: s.term.id,
        learning_area: s.english.id,
        entries: [{ student: s.baraka.id, comment: '' }],
      }),
      200,
    );
    const read = await expectStatus(
      call('GET', `${path}?term=${s.term.id}&learning_area=${s.english.id}`, s.classTeacher),
      200,
    );
    expect(read.json().learners.map((l: { comment: string | null }) => l.comment)).toEqual([
      'Reads fluently.',
      null,
    ]);
    const inputs = await progressReportInputs(t.app.db, who.schoolId, s.term.id, [
      s.achieng.id,
      s.baraka.id,
    ]);
    expect(inputs.get(s.achieng.id)!.comments).toEqual({ [s.english.id]: 'Reads fluently.' });
    expect(inputs.get(s.baraka.id)!.comments).toEqual({});
  });

  it('refuses a teacher of another learning area, naming it, and a comment too long', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const path = `/api/cbc/classes/${s.east.id}/comments/`;
    await expectStatus(
      put(path, s.englishTeacher, {
        term: s.term.id,
        learning_area: s.maths.id,
        entries: [{ student: s.achieng.id, comment: 'Good.' }],
      }),
      403,
      notYourLearningAreaMessage('Mathematics', '4 East'),
    );
    // Leading the class is not teaching its English.
    await expectStatus(
      put(path, s.classTeacher, {
        term: s.term.id,
        learning_area: s.english.id,
        entries: [{ student: s.achieng.id, comment: 'Good.' }],
      }),
      403,
      notYourLearningAreaMessage('English', '4 East'),
    );
    const long = await expectStatus(
      put(path, s.englishTeacher, {
        term: s.term.id,
        learning_area: s.english.id,
        entries: [{ student: s.achieng.id, comment: 'x'.repeat(301) }],
      }),
      400,
    );
    expect(long.json().errors['entries.0.comment']).toEqual([
      'The comment must be at most 300 characters',
    ]);
    await expectStatus(
      put(path, who.auth, {
        term: s.term.id,
        learning_area: s.maths.id,
        entries: [{ student: s.achieng.id, comment: 'Good.' }],
      }),
      200,
    );
  });
});

describe('the progress report’s loader', () => {
  it('reads every learner’s inputs in three queries, whatever their number', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    await put(`/api/cbc/classes/${s.east.id}/ratings/`, who.auth, {
      term: s.term.id,
      entries: [...CORE_COMPETENCIES, ...CORE_VALUES].map((name) => ({
        student: s.baraka.id,
        name,
        level: 'ME',
      })),
    });
    await put(`/api/cbc/classes/${s.east.id}/remarks/`, who.auth, {
      term: s.term.id,
      entries: [
        { student: s.baraka.id, class_teacher_remark: 'Steady.', head_teacher_remark: 'Good.' },
      ],
    });
    let inputs = new Map();
    const queries = await countQueries(t.app, async () => {
      inputs = await progressReportInputs(t.app.db, who.schoolId, s.term.id, [
        s.achieng.id,
        s.baraka.id,
      ]);
    });
    expect(queries).toBe(3);
    expect(inputs.get(s.baraka.id)).toEqual({
      competencies: CORE_COMPETENCIES.map((name) => ({ name, level: 'ME' })),
      values: CORE_VALUES.map((name) => ({ name, level: 'ME' })),
      comments: {},
      class_teacher_remark: 'Steady.',
      head_teacher_remark: 'Good.',
    });
    expect(inputs.get(s.achieng.id).class_teacher_remark).toBeNull();
    // Another school's id reads nothing of this school.
    const theirs = await progressReportInputs(t.app.db, other.schoolId, s.term.id, [s.baraka.id]);
    expect(theirs.get(s.baraka.id)!.class_teacher_remark).toBeNull();
    expect(await countQueries(t.app, () => progressReportInputs(t.app.db, 1, 1, []))).toBe(0);
  });
});

describe('the comment bank', () => {
  it('starts with the default comments once, and an admin adds, edits and removes', async () => {
    const who = await newSchool();
    const first = await expectStatus(call('GET', '/api/cbc/comment_bank/', who.auth), 200);
    const defaults = Object.values(DEFAULT_COMMENT_BANK).flat();
    expect(first.json().comments.map((c: { text: string }) => c.text)).toEqual(defaults);
    expect(first.json().comments[0].level).toBe('EE');
    const again = await call('GET', '/api/cbc/comment_bank/', who.auth);
    expect(again.json().comments).toHaveLength(defaults.length);

    const added = await create(who, '/api/cbc/comment_bank/', { level: 'me', text: 'Tries hard.' });
    expect(added).toMatchObject({ level: 'ME', text: 'Tries hard.' });
    const edited = await expectStatus(
      call('PATCH', `/api/cbc/comment_bank/${added.id}/`, who.auth, { text: 'Tries very hard.' }),
      200,
    );
    expect(edited.json()).toEqual({ id: added.id, level: 'ME', text: 'Tries very hard.' });
    await expectStatus(call('DELETE', `/api/cbc/comment_bank/${added.id}/`, who.auth), 204);
    // A bank emptied by the school stays empty: the defaults come once.
    for (const c of first.json().comments) {
      await expectStatus(call('DELETE', `/api/cbc/comment_bank/${c.id}/`, who.auth), 204);
    }
    expect((await call('GET', '/api/cbc/comment_bank/', who.auth)).json().comments).toEqual([]);
  });

  it('refuses bad input, a teacher, and another school’s comment', async () => {
    const who = await newSchool();
    const s = await grade4(who);
    const bad = await expectStatus(
      call('POST', '/api/cbc/comment_bank/', who.auth, { level: 'XX', text: '' }),
      400,
    );
    expect(bad.json().errors.level).toEqual([REPORT_INPUT_MESSAGES.level]);
    expect(bad.json().errors.text).toEqual(['The comment is required']);
    await expectStatus(
      call('POST', '/api/cbc/comment_bank/', s.classTeacher, { level: 'ME', text: 'Good' }),
      403,
    );
    // A teacher reads the bank to choose from it.
    await expectStatus(call('GET', '/api/cbc/comment_bank/', s.classTeacher), 200);
    const theirs = (await call('GET', '/api/cbc/comment_bank/', other.auth)).json().comments[0];
    await expectStatus(
      call('PATCH', `/api/cbc/comment_bank/${theirs.id}/`, who.auth, { text: 'Mine now' }),
      404,
    );
    await expectStatus(call('DELETE', `/api/cbc/comment_bank/${theirs.id}/`, who.auth), 404);
  });
});
