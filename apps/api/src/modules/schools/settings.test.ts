import { describe, expect, it } from 'vitest';
import { authAs, expectStatus, OTHER_SCHOOL_MESSAGE, useTestApp } from '../../test/app';

const { t, call, schools, newSchool } = useTestApp('Kenya High School', 'Moi Girls Eldoret');
const [a, b] = schools;

describe('a school’s settings', () => {
  it('answers the school with its grading scheme, average until a scale is applied', async () => {
    const res = await expectStatus(call('GET', `/api/schools/${a.schoolId}/`, a.auth), 200);
    expect(res.json()).toMatchObject({
      id: a.schoolId,
      name: 'Kenya High School',
      postal_address: null,
      grading_scheme: 'average',
    });
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    await expectStatus(call('GET', `/api/schools/${a.schoolId}/`, teacher), 200);
  });

  it('lets an admin change the grading scheme and postal address', async () => {
    const ours = await newSchool();
    const res = await expectStatus(
      call('PATCH', `/api/schools/${ours.schoolId}/`, ours.auth, {
        grading_scheme: 'kcse_cluster',
        postal_address: ' P.O. Box 40-00100, Nairobi ',
      }),
      200,
    );
    expect(res.json()).toMatchObject({
      grading_scheme: 'kcse_cluster',
      postal_address: 'P.O. Box 40-00100, Nairobi',
    });
    const read = await call('GET', `/api/schools/${ours.schoolId}/`, ours.auth);
    expect(read.json().grading_scheme).toBe('kcse_cluster');
  });

  it('applying the KCSE scale makes KCSE the school’s scheme; a CBC scale makes it cbc', async () => {
    const kcse = await newSchool();
    await expectStatus(call('POST', '/api/grades/grades/kcse/', kcse.auth), 201);
    expect((await call('GET', `/api/schools/${kcse.schoolId}/`, kcse.auth)).json()).toMatchObject({
      grading_scheme: 'kcse',
    });
    const cbc = await newSchool();
    await expectStatus(call('POST', '/api/grades/grades/cbc/', cbc.auth, { scale: 'rubric' }), 201);
    expect((await call('GET', `/api/schools/${cbc.schoolId}/`, cbc.auth)).json()).toMatchObject({
      grading_scheme: 'cbc',
    });
  });

  it('refuses a bad scheme or an empty change (400)', async () => {
    const bad = await expectStatus(
      call('PATCH', `/api/schools/${a.schoolId}/`, a.auth, { grading_scheme: 'knec' }),
      400,
    );
    expect(bad.json().errors.grading_scheme).toEqual(['Choose a grading scheme']);
    await expectStatus(call('PATCH', `/api/schools/${a.schoolId}/`, a.auth, {}), 400);
  });

  it('prints subject teachers as initials until an admin chooses names; refuses another value', async () => {
    const ours = await newSchool();
    const read = await expectStatus(call('GET', `/api/schools/${ours.schoolId}/`, ours.auth), 200);
    expect(read.json().report_teacher_names).toBe('initials');
    const bad = await expectStatus(
      call('PATCH', `/api/schools/${ours.schoolId}/`, ours.auth, { report_teacher_names: 'full' }),
      400,
    );
    expect(bad.json().errors.report_teacher_names).toEqual([
      'Choose initials or names for the subject teachers',
    ]);
    const teacher = await authAs(t.app, ours.schoolId, 'teacher');
    await expectStatus(
      call('PATCH', `/api/schools/${ours.schoolId}/`, teacher, { report_teacher_names: 'name' }),
      403,
    );
    await expectStatus(
      call('PATCH', `/api/schools/${b.schoolId}/`, ours.auth, { report_teacher_names: 'name' }),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    await expectStatus(
      call('PATCH', `/api/schools/${ours.schoolId}/`, {}, { report_teacher_names: 'name' }),
      401,
    );
    const changed = await expectStatus(
      call('PATCH', `/api/schools/${ours.schoolId}/`, ours.auth, { report_teacher_names: 'name' }),
      200,
    );
    expect(changed.json().report_teacher_names).toBe('name');
  });

  it('refuses another school (403), a teacher’s change (403) and no token (401)', async () => {
    await expectStatus(
      call('GET', `/api/schools/${b.schoolId}/`, a.auth),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    await expectStatus(
      call('PATCH', `/api/schools/${b.schoolId}/`, a.auth, { grading_scheme: 'cbc' }),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    await expectStatus(
      call('PATCH', `/api/schools/${a.schoolId}/`, teacher, { grading_scheme: 'cbc' }),
      403,
    );
    await expectStatus(call('GET', `/api/schools/${a.schoolId}/`, {}), 401);
    expect((await call('GET', `/api/schools/${b.schoolId}/`, b.auth)).json().grading_scheme).toBe(
      'average',
    );
  });
});
