import type { MeritList } from '@shule/shared/results/merit-list';
import type { ReportCard } from '@shule/shared/results/report-cards';
import { todayIn } from '@shule/shared/school-time';
import { describe, expect, it } from 'vitest';
import { countQueries, expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { meritListOf } from '../../test/merit-list-answer';
import { kcseForm4 } from '../../test/results-school';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT'] as const;

/**
 * Form 4 East and West; in the Opener (January) Amina and Baraka sat in East, Chebet in West.
 * Then Amina moves to West and Baraka leaves; the Mid term is sat by those in class now.
 */
async function movedAndLeft(who: SignedInSchool) {
  const f = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const exam = async (name: string, start: string, end: string) =>
    (await create(who, '/api/grades/exams/', { name, start_date: start, end_date: end }))
      .id as number;
  const opener = await exam('Opener', '2026-01-12', '2026-01-16');
  const mid = await exam('Mid term', '2026-02-16', '2026-02-20');
  const amina = await f.admit('Amina', f.east);
  const baraka = await f.admit('Baraka', f.east);
  const chebet = await f.admit('Chebet', f.west);
  for (const s of [amina, baraka, chebet]) {
    await f.saveMarks(s, opener, { ENG: 60, KIS: 55, MAT: 70 });
  }
  await expectStatus(call('PATCH', `/api/students/${amina}/`, who.auth, { class: f.west }), 200);
  await expectStatus(
    call('POST', `/api/students/${baraka}/leave/`, who.auth, {
      date: todayIn(),
      reason: 'transferred',
    }),
    200,
  );
  await f.saveMarks(amina, mid, { ENG: 64, KIS: 50, MAT: 72 });
  await f.saveMarks(chebet, mid, { ENG: 50, KIS: 50, MAT: 50 });
  return { ...f, opener, mid, amina, baraka, chebet };
}

const meritList = async (who: SignedInSchool, exam: number, scope: string) =>
  meritListOf(
    await expectStatus(call('GET', `/api/exams/${exam}/merit_list/?${scope}`, who.auth), 200),
  );
const placed = (list: MeritList) =>
  Object.fromEntries(list.rows.map((r) => [r.name.split(' ')[0], r.class.name]));

describe('results keep each student in the class they sat the exam in', () => {
  it("a past exam's merit list keeps a moved student in the old class and a left one in it", async () => {
    const who = await newSchool();
    const f = await movedAndLeft(who);
    expect(placed(await meritList(who, f.opener, 'level=Form 4'))).toEqual({
      Amina: '4 East',
      Baraka: '4 East',
      Chebet: '4 West',
    });
    const east = await meritList(who, f.opener, `class=${f.east}`);
    expect(east.rows.map((r) => r.name)).toEqual(['Amina Test', 'Baraka Test']);
    const west = await meritList(who, f.opener, `class=${f.west}`);
    expect(west.rows.map((r) => r.name)).toEqual(['Chebet Test']);
  });

  it('the new exam lists the moved student in the new class, and not the student who left', async () => {
    const who = await newSchool();
    const f = await movedAndLeft(who);
    const mid = await meritList(who, f.mid, 'level=Form 4');
    expect(placed(mid)).toEqual({ Amina: '4 West', Chebet: '4 West' });
    expect(mid.previous_exam?.name).toBe('Opener');
  });

  it('report forms follow the list: the old class prints the moved and the left student', async () => {
    const who = await newSchool();
    const f = await movedAndLeft(who);
    const cards = (
      await expectStatus(
        call('GET', `/api/exams/${f.opener}/report_cards/?class=${f.east}&format=json`, who.auth),
        200,
      )
    ).json().report_cards as ReportCard[];
    expect(cards.map((c) => [c.student.name, c.student.class.name])).toEqual([
      ['Amina Test', '4 East'],
      ['Baraka Test', '4 East'],
    ]);
    // A remark on the moved student's form of the past exam goes to the form of 4 East.
    const res = await expectStatus(
      t.app.inject({
        method: 'PUT',
        url: `/api/exams/${f.opener}/report_cards/${f.amina}/remarks/`,
        headers: who.auth,
        payload: { class_teacher: 'Steady work.' },
      }),
      200,
    );
    expect(res.json().class_teacher).toBe('Steady work.');
  });

  it('costs as many queries with moved and left students as before', async () => {
    const who = await newSchool();
    const f = await movedAndLeft(who);
    const before = await countQueries(t.app, () => meritList(who, f.opener, 'level=Form 4'));
    for (let i = 0; i < 5; i++) await f.admit(`Extra${i}`, f.east);
    const after = await countQueries(t.app, () => meritList(who, f.opener, 'level=Form 4'));
    expect(after).toBe(before);
  });
});
