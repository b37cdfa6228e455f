import { beforeAll, describe, expect, it } from 'vitest';
import {
  authAs,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';

const { t, call, create, schools } = useTestApp('Alliance High School', 'Bahati Secondary');
const [a, b] = schools;

interface Band {
  id: number;
  grade: { id: number; name: string; code: string };
  min_score: number | null;
  max_score: number | null;
}

const newSubject = async (who: SignedInSchool, code: string): Promise<number> =>
  (await create(who, '/api/grades/subjects/', { name: `Subject ${code}`, code })).id;

async function bands(who: SignedInSchool, subjectId: number): Promise<Band[]> {
  const res = await call('GET', `/api/grades/subject_grades/?subject=${subjectId}`, who.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const byCode = (list: Band[], code: string) => list.find((x) => x.grade.code === code)!;
const batch = (who: SignedInSchool, updates: object[]) =>
  call('PATCH', '/api/grades/subject_grades/batch_update/', who.auth, { updates });

let maths: number;
let kcseBands: Band[];

describe('grading bands', () => {
  beforeAll(async () => {
    maths = await newSubject(a, 'MAT');
    const applied = await call('POST', '/api/grades/grades/kcse/', a.auth);
    expect(applied.statusCode).toBe(201);
    kcseBands = await bands(a, maths);
  });

  it('lists one band per grade, most points first, with the grade name and code', () => {
    expect(kcseBands).toHaveLength(12);
    expect(kcseBands[0]).toEqual({
      id: expect.any(Number),
      grade: { id: expect.any(Number), name: 'A plain', code: 'A' },
      min_score: 80,
      max_score: 100,
    });
    expect(kcseBands.at(-1)).toMatchObject({ grade: { code: 'E' }, min_score: 0, max_score: 29 });
  });

  it('lets a teacher read the bands but not change them', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    const read = await call('GET', `/api/grades/subject_grades/?subject=${maths}`, teacher);
    expect(read.statusCode).toBe(200);
    await expectStatus(batch({ ...a, auth: teacher }, []), 403);
  });

  it('needs the subject parameter', async () => {
    const res = await call('GET', '/api/grades/subject_grades/', a.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.subject).toEqual(['Subject is required']);
  });

  it('updates several bands at once and answers them', async () => {
    const A = byCode(kcseBands, 'A');
    const Aminus = byCode(kcseBands, 'A-');
    const res = await batch(a, [
      { id: A.id, min_score: 81, max_score: 100 },
      { id: Aminus.id, min_score: '75', max_score: '80', grade: Aminus.grade },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { ...A, min_score: 81 },
      { ...Aminus, max_score: 80 },
    ]);
    const after = await bands(a, maths);
    expect(byCode(after, 'A').min_score).toBe(81);
    expect(byCode(after, 'A-').max_score).toBe(80);
  });

  it('refuses a band that overlaps one not sent, naming the grades, changing nothing', async () => {
    const before = await bands(a, maths);
    const B = byCode(before, 'B');
    const Bplus = byCode(before, 'B+');
    // B+ is 70–74; moving B (65–69) up to 65–72 overlaps it although B+ is not in the batch.
    const res = await batch(a, [
      { id: byCode(before, 'A').id, min_score: 80, max_score: 100 },
      { id: B.id, min_score: 65, max_score: 72 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Grades B (65–72) and B+ (70–74) overlap',
      errors: { updates: ['Grades B (65–72) and B+ (70–74) overlap'] },
    });
    expect(await bands(a, maths)).toEqual(before);
    expect(Bplus.min_score).toBe(70);
  });

  it('refuses a band outside 0–100, naming the grade', async () => {
    const res = await batch(a, [{ id: byCode(kcseBands, 'A').id, min_score: 80, max_score: 101 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Grade A scores must be whole numbers from 0 to 100');
    const low = await batch(a, [{ id: byCode(kcseBands, 'E').id, min_score: -5, max_score: 29 }]);
    expect(low.json().message).toBe('Grade E scores must be whole numbers from 0 to 100');
  });

  it('refuses a min above its max', async () => {
    const res = await batch(a, [{ id: byCode(kcseBands, 'C').id, min_score: 54, max_score: 50 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Grade C has a min score (54) above its max score (50)');
  });

  it('refuses bounds that are not numbers', async () => {
    const res = await batch(a, [
      { id: byCode(kcseBands, 'C').id, min_score: 'lots', max_score: 5 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Band scores must be numbers');
  });

  it('accepts swapping two bands in one batch, and clearing a band', async () => {
    const before = await bands(a, maths);
    const D = byCode(before, 'D');
    const Dminus = byCode(before, 'D-');
    const swap = await batch(a, [
      { id: D.id, min_score: 30, max_score: 34 },
      { id: Dminus.id, min_score: 35, max_score: 39 },
    ]);
    expect(swap.statusCode, swap.body).toBe(200);
    const clear = await batch(a, [
      { id: D.id, min_score: null, max_score: null },
      { id: Dminus.id, min_score: '', max_score: '' },
    ]);
    expect(clear.statusCode).toBe(200);
    expect(clear.json().map((x: Band) => [x.min_score, x.max_score])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('answers an empty list for an empty batch', async () => {
    const res = await batch(a, []);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    await expectStatus(call('GET', `/api/grades/subject_grades/?subject=${maths}`, {}), 401);
    await expectStatus(batch({ ...a, auth: {} as never }, []), 401);
  });

  it("answers 404 for another school's subject or band, changing nothing", async () => {
    const theirSubject = await newSubject(b, 'PHY');
    await call('POST', '/api/grades/grades/', b.auth, { name: 'Pass', code: 'P' });
    const theirBands = await bands(b, theirSubject);
    expect(theirBands).toHaveLength(1);
    const read = await call('GET', `/api/grades/subject_grades/?subject=${theirSubject}`, a.auth);
    expect(read.statusCode).toBe(404);
    const mine = byCode(kcseBands, 'E');
    const res = await batch(a, [
      { id: mine.id, min_score: 0, max_score: 29 },
      { id: theirBands[0]!.id, min_score: 0, max_score: 100 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(await bands(b, theirSubject)).toEqual(theirBands);
  });

  it('refuses the same band twice in one batch', async () => {
    const A = byCode(kcseBands, 'A');
    const res = await batch(a, [
      { id: A.id, min_score: 80, max_score: 100 },
      { id: A.id, min_score: 81, max_score: 100 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Band ${A.id} is sent more than once`);
  });

  it('refuses the second of two saves at once that only overlap together', async () => {
    const c = await registerSchool(t.app, 'Nyeri High School');
    const subject = await newSubject(c, 'CHE');
    for (const code of ['X', 'Y']) {
      await call('POST', '/api/grades/grades/', c.auth, { name: code, code });
    }
    const list = await bands(c, subject);
    const [first, second] = await Promise.all([
      batch(c, [{ id: byCode(list, 'X').id, min_score: 50, max_score: 100 }]),
      batch(c, [{ id: byCode(list, 'Y').id, min_score: 0, max_score: 60 }]),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
  });

  it('names the subject when a batch spans several subjects', async () => {
    const english = await newSubject(a, 'ENG');
    const engBands = await bands(a, english);
    const res = await batch(a, [
      { id: byCode(kcseBands, 'E').id, min_score: 0, max_score: 29 },
      { id: byCode(engBands, 'E').id, min_score: 0, max_score: 30 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Subject ENG: Grades E (0–30) and D- (30–34) overlap');
  });
});
