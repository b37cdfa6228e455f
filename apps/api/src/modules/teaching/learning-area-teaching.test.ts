import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, uniquePhone, useTestApp } from '../../test/app';

const { call, create, schools, newSchool } = useTestApp('Kilimani Junior School');
const [other] = schools;

/** A school's 7 East (Grade 7, with its learning areas), 4 East (Form 4), and a teacher. */
async function juniorSchool(who: SignedInSchool) {
  const { class: east } = await create(who, '/api/classes/', { name: '7 East', level: 'Grade 7' });
  const { class: form4 } = await create(who, '/api/classes/', { name: '4 East', level: 'Form 4' });
  const { levels } = (await call('GET', '/api/levels/', who.auth)).json();
  const grade7 = levels.find((l: { name: string }) => l.name === 'Grade 7');
  const { learning_areas } = (
    await call('GET', `/api/cbc/learning_areas/?level=${grade7.id}`, who.auth)
  ).json();
  const maths = learning_areas.find((a: { name: string }) => a.name === 'Mathematics');
  const phone = uniquePhone();
  const { teacher } = await create(who, '/api/staff/teachers/', {
    first_name: 'Achieng',
    last_name: 'Odhiambo',
    phone_number: phone,
    tsc_number: `TSC${phone.slice(-6)}`,
  });
  return { east, form4, maths, teacher };
}

describe('teaching a CBC learning area', () => {
  it('assigns a learning area of the class’s level, lists it beside the subjects, and ends it', async () => {
    const who = await newSchool();
    const { east, maths, teacher } = await juniorSchool(who);
    const path = `/api/staff/teachers/${teacher.id}/assignments/`;
    const created = await create(who, path, { class: east.id, learning_area: maths.id });
    expect(created).toEqual({
      id: expect.any(Number),
      teacher: { id: teacher.id, first_name: 'Achieng', last_name: 'Odhiambo' },
      class: { id: east.id, name: '7 East' },
      learning_area: { id: maths.id, name: 'Mathematics' },
    });
    expect((await call('GET', path, who.auth)).json()).toEqual({
      assignments: [],
      learning_area_assignments: [created],
    });
    const byClass = await call('GET', `/api/classes/${east.id}/assignments/`, who.auth);
    expect(byClass.json().learning_area_assignments).toEqual([created]);
    await expectStatus(
      call('POST', path, who.auth, { class: east.id, learning_area: maths.id }),
      409,
      'Achieng Odhiambo already teaches Mathematics in 7 East',
    );
    await expectStatus(call('DELETE', `${path}${created.id}/`, who.auth), 204);
    expect((await call('GET', path, who.auth)).json().learning_area_assignments).toEqual([]);
  });

  it('refuses a learning area of another level, both or neither, naming the field (400)', async () => {
    const who = await newSchool();
    const { form4, maths, teacher } = await juniorSchool(who);
    const path = `/api/staff/teachers/${teacher.id}/assignments/`;
    const wrongLevel = await expectStatus(
      call('POST', path, who.auth, { class: form4.id, learning_area: maths.id }),
      400,
    );
    expect(wrongLevel.json().errors.learning_area).toEqual([
      "Mathematics is not a learning area of 4 East's level: choose one of its level's",
    ]);
    const neither = await expectStatus(call('POST', path, who.auth, { class: form4.id }), 400);
    expect(neither.json().errors.subject).toEqual(['Choose a subject']);
    const both = await expectStatus(
      call('POST', path, who.auth, { class: form4.id, subject: 1, learning_area: maths.id }),
      400,
    );
    expect(both.json().errors.learning_area).toEqual([
      'Choose a subject or a learning area, not both',
    ]);
  });

  it('answers 401 without a token and keeps schools apart', async () => {
    await expectStatus(
      call('POST', '/api/staff/teachers/1/assignments/', {}, { class: 1, learning_area: 1 }),
      401,
    );
    const who = await newSchool();
    const mine = await juniorSchool(who);
    const theirs = await juniorSchool(other!);
    const res = await expectStatus(
      call('POST', `/api/staff/teachers/${mine.teacher.id}/assignments/`, who.auth, {
        class: mine.east.id,
        learning_area: theirs.maths.id,
      }),
      400,
    );
    expect(res.json().errors.learning_area).toEqual(['Choose one of your learning areas']);
    await expectStatus(
      call('POST', `/api/staff/teachers/${theirs.teacher.id}/assignments/`, who.auth, {
        class: mine.east.id,
        learning_area: mine.maths.id,
      }),
      404,
    );
  });
});
