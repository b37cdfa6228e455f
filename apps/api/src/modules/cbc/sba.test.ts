import { parseCsv } from '@shule/shared/csv';
import { LEARNER_RECORD_MESSAGES } from '@shule/shared/learner-record';
import { SBA_MESSAGES } from '@shule/shared/sba';
import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { authAs, expectStatus, useTestApp } from '../../test/app';
import { admitFixture } from '../../test/fixtures';

const { t, call, create, schools, newSchool } = useTestApp('Kilimani Junior School');
const [other] = schools;

/**
 * Grade 8 in two streams: 8 East (Achieng, Baraka) and 8 West (Chebet); Agriculture and
 * Nutrition with an SBA project in each stream and Mathematics with an SBA written test in East.
 * Baraka has no Assessment Number and no Agriculture score; Chebet is written in her birth
 * certificate's order and takes KSL.
 */
async function grade8(who: SignedInSchool) {
  const { class: east } = await create(who, '/api/classes/', { name: '8 East', level: 'Grade 8' });
  const { class: west } = await create(who, '/api/classes/', { name: '8 West', level: 'Grade 8' });
  const admit = (classId: number, first_name: string, last_name: string, gender = 'female') =>
    admitFixture(t.app, who, classId, { first_name, last_name, gender: gender as 'female' });
  const achieng = await admit(east.id, 'Achieng', 'Otieno');
  const baraka = await admit(east.id, 'Baraka', 'Mwangi', 'male');
  const chebet = await admit(west.id, 'Chebet', 'Kiprop');
  const knec = (id: number, body: object) =>
    expectStatus(call('PATCH', `/api/students/${id}/`, who.auth, body), 200);
  await knec(achieng.id, {
    assessment_number: '30412345001',
    re_option: 'CRE',
    kiswahili_option: 'KIS',
  });
  await knec(baraka.id, { re_option: 'IRE', kiswahili_option: 'KIS' });
  await knec(chebet.id, {
    assessment_number: '30412345002',
    birth_certificate_names: 'Kiprop Chebet Jepkosgei',
    re_option: 'CRE',
    kiswahili_option: 'KSL',
    special_needs_code: 'hi',
  });
  const { levels } = (await call('GET', '/api/levels/', who.auth)).json();
  const level = levels.find((l: { name: string }) => l.name === 'Grade 8');
  const { learning_areas } = (
    await call('GET', `/api/cbc/learning_areas/?level=${level.id}`, who.auth)
  ).json();
  const area = (name: string) => learning_areas.find((a: { name: string }) => a.name === name);
  const agriculture = area('Agriculture and Nutrition');
  const maths = area('Mathematics');
  const assess = async (classId: number, areaId: number, body: object, entries: object[]) => {
    const made = await create(who, '/api/cbc/assessments/', {
      class: classId,
      learning_area: areaId,
      date: '2026-07-10',
      ...body,
    });
    await expectStatus(
      call('PUT', `/api/cbc/assessments/${made.id}/levels/`, who.auth, { entries }),
      200,
    );
    return made;
  };
  await assess(east.id, agriculture.id, { kind: 'sba_project' }, [
    { student: achieng.id, strand: null, level: 'EE2' },
    { student: baraka.id, strand: null, absent: true },
  ]);
  await assess(west.id, agriculture.id, { kind: 'sba_project' }, [
    { student: chebet.id, strand: null, level: 'ME1' },
  ]);
  await assess(east.id, maths.id, { kind: 'sba_written', out_of: 50, date: '2026-09-15' }, [
    { student: achieng.id, strand: null, mark: 45 },
    { student: baraka.id, strand: null, mark: 30 },
  ]);
  // Not SBA, and last year's SBA: neither counts.
  await assess(west.id, maths.id, { kind: 'observation' }, [
    { student: chebet.id, strand: null, level: 'EE1' },
  ]);
  await assess(west.id, maths.id, { kind: 'sba_written', date: '2025-09-15' }, [
    { student: chebet.id, strand: null, level: 'EE1' },
  ]);
  return { level, east, west, achieng, baraka, chebet, agriculture, maths };
}

const sba = (who: SignedInSchool, query: string) => call('GET', `/api/cbc/sba/?${query}`, who.auth);
const sbaExport = (who: SignedInSchool, query: string) =>
  call('GET', `/api/cbc/sba/export/?${query}`, who.auth);

describe("KNEC's school-based assessment", () => {
  it('lists, per stream and learning area, who has no SBA score, and who has no Assessment Number', async () => {
    const who = await newSchool();
    const g = await grade8(who);
    const res = await expectStatus(sba(who, `grade=${g.level.id}&year=2026`), 200);
    const answer = res.json();
    expect(answer.grade).toEqual({ id: g.level.id, name: 'Grade 8' });
    expect(answer.scale).toBe('kjsea');
    const agri = answer.learning_areas.find((a: { id: number }) => a.id === g.agriculture.id);
    expect(agri.components).toEqual([
      { kind: 'sba_project', label: 'SBA project', assessments: 2 },
      { kind: 'sba_practical', label: 'SBA practical', assessments: 0 },
      { kind: 'sba_written', label: 'SBA written test', assessments: 0 },
    ]);
    const east = answer.classes.find((c: { name: string }) => c.name === '8 East');
    const west = answer.classes.find((c: { name: string }) => c.name === '8 West');
    expect(east.learners).toBe(2);
    const eastMessages = east.gaps.map((g: { message: string }) => g.message);
    expect(eastMessages).toContain(
      '8 East: 1 learner has no Agriculture and Nutrition SBA score: Baraka Mwangi',
    );
    expect(eastMessages.some((m: string) => m.includes('Mathematics'))).toBe(false);
    // Chebet's Mathematics counts neither the observation nor last year's SBA.
    expect(west.gaps.map((g: { message: string }) => g.message)).toContain(
      '8 West: 1 learner has no Mathematics SBA score: Chebet Kiprop',
    );
    const achieng = answer.learners.find((l: { id: number }) => l.id === g.achieng.id);
    const areaIndex = (id: number) =>
      answer.learning_areas.findIndex((a: { id: number }) => a.id === id);
    expect(achieng.scores[areaIndex(g.agriculture.id)]).toMatchObject({
      level: 'EE2',
      words: 'Exceeding Expectations',
    });
    // 45 of 50 is 90%: EE1.
    expect(achieng.scores[areaIndex(g.maths.id)]).toMatchObject({ level: 'EE1', percent: 90 });
    expect(answer.without_assessment_number).toBe(1);
    expect(answer.missing_details[0]).toEqual({
      id: g.baraka.id,
      name: 'Baraka Mwangi',
      class: '8 East',
      missing: ['assessment_number', 'birth_certificate_names'],
    });
    expect(answer.complete).toBe(false);
    expect(res.body).not.toMatch(/position|rank/i);
  });

  it('exports the grade in the portal’s order, the learner without an Assessment Number listed last', async () => {
    const who = await newSchool();
    const g = await grade8(who);
    const res = await expectStatus(sbaExport(who, `grade=${g.level.id}&year=2026`), 200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sba-grade-8-2026.csv"');
    const [head, ...rows] = parseCsv(res.body).map((r) => r.cells);
    expect(head).toEqual([
      'Assessment Number',
      'Names',
      'Gender',
      'RE option',
      'Kiswahili or KSL',
      'Special-needs code',
      'English',
      'Kiswahili',
      'Mathematics',
      'Religious Education',
      'Integrated Science',
      'Pre-Technical Studies',
      'Agriculture and Nutrition',
      'Social Studies',
      'Creative Arts and Sports',
    ]);
    expect(rows).toEqual([
      [
        '30412345001',
        'Achieng Otieno',
        'F',
        'CRE',
        'KIS',
        '',
        '',
        '',
        'EE1',
        '',
        '',
        '',
        'EE2',
        '',
        '',
      ],
      [
        '30412345002',
        'Kiprop Chebet Jepkosgei',
        'F',
        'CRE',
        'KSL',
        'HI',
        '',
        '',
        '',
        '',
        '',
        '',
        'ME1',
        '',
        '',
      ],
      // 30 of 50 is 60%: ME1. Absent from the project: no Agriculture score, never BE.
      ['', 'Baraka Mwangi', 'M', 'IRE', 'KIS', '', '', '', 'ME1', '', '', '', '', '', ''],
    ]);
  });

  it('follows the column order the school saves', async () => {
    const who = await newSchool();
    const g = await grade8(who);
    const before = await expectStatus(call('GET', '/api/cbc/sba/settings/', who.auth), 200);
    expect(before.json()).toEqual({
      columns: [
        'assessment_number',
        'names',
        'gender',
        're_option',
        'kiswahili_option',
        'special_needs_code',
        'learning_areas',
      ],
      customised: false,
    });
    const columns = ['class', 'assessment_number', 'names', 'learning_areas'];
    const saved = await expectStatus(
      call('PUT', '/api/cbc/sba/settings/', who.auth, { columns }),
      200,
    );
    expect(saved.json()).toEqual({ columns, customised: true });
    const res = await expectStatus(sbaExport(who, `grade=${g.level.id}&year=2026`), 200);
    const [head, first] = parseCsv(res.body).map((r) => r.cells);
    expect(head!.slice(0, 4)).toEqual(['Class', 'Assessment Number', 'Names', 'English']);
    expect(first!.slice(0, 3)).toEqual(['8 East', '30412345001', 'Achieng Otieno']);
    // Another school keeps its own order.
    const theirs = await expectStatus(call('GET', '/api/cbc/sba/settings/', other!.auth), 200);
    expect(theirs.json().customised).toBe(false);
  });

  it('keeps the KNEC fields on the learner record, checked', async () => {
    const who = await newSchool();
    const { class: east } = await create(who, '/api/classes/', {
      name: '7 East',
      level: 'Grade 7',
    });
    const a = await admitFixture(t.app, who, east.id);
    const b = await admitFixture(t.app, who, east.id);
    const saved = await expectStatus(
      call('PATCH', `/api/students/${a.id}/`, who.auth, {
        assessment_number: 'ab123',
        re_option: 'HRE',
        kiswahili_option: 'KSL',
      }),
      200,
    );
    expect(saved.json()).toMatchObject({
      assessment_number: 'AB123',
      re_option: 'HRE',
      kiswahili_option: 'KSL',
      birth_certificate_names: null,
      special_needs_code: null,
    });
    const bad = await expectStatus(
      call('PATCH', `/api/students/${b.id}/`, who.auth, {
        re_option: 'ARE',
        kiswahili_option: 'French',
        assessment_number: '12-3',
      }),
      400,
    );
    expect(bad.json().errors).toEqual({
      re_option: [LEARNER_RECORD_MESSAGES.reOption],
      kiswahili_option: [LEARNER_RECORD_MESSAGES.kiswahiliOption],
      assessment_number: [LEARNER_RECORD_MESSAGES.assessmentNumber],
    });
    await expectStatus(
      call('PATCH', `/api/students/${b.id}/`, who.auth, { assessment_number: 'AB123' }),
      409,
      LEARNER_RECORD_MESSAGES.assessmentNumberTaken('AB123'),
    );
    const cleared = await expectStatus(
      call('PATCH', `/api/students/${a.id}/`, who.auth, { assessment_number: '', re_option: '' }),
      200,
    );
    expect(cleared.json()).toMatchObject({ assessment_number: null, re_option: null });
  });

  it('answers 400 naming the field', async () => {
    const who = schools[0]!;
    const { class: form3 } = await create(who, '/api/classes/', {
      name: '3 North',
      level: 'Form 3',
    });
    const { levels } = (await call('GET', '/api/levels/', who.auth)).json();
    const form = levels.find((l: { name: string }) => l.name === 'Form 3');
    expect(form3.id).toBeGreaterThan(0);
    for (const path of ['/api/cbc/sba/', '/api/cbc/sba/export/']) {
      const noYear = await expectStatus(call('GET', `${path}?grade=${form.id}`, who.auth), 400);
      expect(noYear.json().errors).toEqual({ year: [SBA_MESSAGES.chooseYear] });
      const noGrade = await expectStatus(call('GET', `${path}?year=2026`, who.auth), 400);
      expect(noGrade.json().errors).toEqual({ grade: [SBA_MESSAGES.chooseGrade] });
      await expectStatus(
        call('GET', `${path}?grade=${form.id}&year=2026`, who.auth),
        400,
        SBA_MESSAGES.notCbc('Form 3'),
      );
    }
    const res = await expectStatus(
      call('PUT', '/api/cbc/sba/settings/', who.auth, { columns: ['names', 'learning_areas'] }),
      400,
    );
    expect(res.json().errors).toEqual({
      columns: [SBA_MESSAGES.missingColumn('Assessment Number')],
    });
  });

  it('answers 401 without a token, 404 for another school’s grade, 403 to a teacher', async () => {
    const who = await newSchool();
    const g = await grade8(who);
    const query = `grade=${g.level.id}&year=2026`;
    for (const url of [
      `/api/cbc/sba/?${query}`,
      `/api/cbc/sba/export/?${query}`,
      '/api/cbc/sba/settings/',
    ]) {
      await expectStatus(call('GET', url, {}), 401);
    }
    await expectStatus(call('PUT', '/api/cbc/sba/settings/', {}, { columns: [] }), 401);
    await expectStatus(sba(other!, query), 404, 'Grade not found');
    await expectStatus(sbaExport(other!, query), 404, 'Grade not found');
    // The SBA screens and export are the administrator's: a teacher is refused.
    const teacher = await authAs(t.app, who.schoolId, 'teacher');
    for (const url of [
      `/api/cbc/sba/?${query}`,
      `/api/cbc/sba/export/?${query}`,
      '/api/cbc/sba/settings/',
    ]) {
      await expectStatus(call('GET', url, teacher), 403, 'Only admin accounts can do that');
    }
  });
});
