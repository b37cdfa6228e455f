import { NOTHING_TO_BILL_MESSAGE } from '@shule/shared/fee-structures';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeAmounts, ledgerEntries, students } from '../../db/schema/index';
import { authAs, expectStatus, json, useTestApp } from '../../test/app';
import { type FeeSchool, feeSchool } from './test-school';

const { t, schools, call, create, newSchool } = useTestApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;
let f: FeeSchool;
let other: FeeSchool;
let teacher: Record<string, string>;

const put = (who: { auth: Record<string, string> }, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/fees/structures/', headers: who.auth, payload });
const apply = (who: { auth: Record<string, string> }, term: number) =>
  call('POST', `/api/fees/structures/${term}/apply/`, who.auth);
const preview = (who: { auth: Record<string, string> }, term: number | string) =>
  call('GET', `/api/fees/structures/${term}/apply/preview/`, who.auth);
const chargesOf = async (schoolId: number) =>
  (
    await t.app.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.schoolId, schoolId), eq(ledgerEntries.kind, 'charge')))
  ).length;

beforeAll(async () => {
  f = await feeSchool(t.app, moi.schoolId);
  other = await feeSchool(t.app, alliance.schoolId);
  teacher = await authAs(t.app, moi.schoolId, 'teacher');
});

describe('fee categories', () => {
  it('creates, lists, renames and deletes a category; names are unique regardless of case', async () => {
    const trip = await create(moi, '/api/fees/categories/', {
      name: 'Nairobi trip',
      duration: 'yearly',
      applies_to: 'old',
      vote_head: 'activity',
      description: 'Museum and parliament',
    });
    expect(trip).toMatchObject({
      name: 'Nairobi trip',
      applies_to: 'old',
      vote_head: 'activity',
      structure_lines: 0,
      billed_students: 0,
    });
    await expectStatus(
      call('POST', '/api/fees/categories/', moi.auth, { name: 'NAIROBI TRIP', duration: 'yearly' }),
      409,
      "A fee category named 'NAIROBI TRIP' already exists",
    );
    const renamed = await expectStatus(
      call('PATCH', `/api/fees/categories/${trip.id}/`, moi.auth, {
        name: 'Mombasa trip',
        description: null,
      }),
      200,
    );
    expect(json(renamed)).toMatchObject({ name: 'Mombasa trip', description: null });
    const list = await expectStatus(call('GET', '/api/fees/categories/', moi.auth), 200);
    expect((json(list).categories as { name: string }[]).map((c) => c.name)).toContain(
      'Mombasa trip',
    );
    // Another school sees none of it, and cannot touch it.
    const theirs = await expectStatus(call('GET', '/api/fees/categories/', alliance.auth), 200);
    expect(json(theirs).categories).toEqual([]);
    await expectStatus(
      call('PATCH', `/api/fees/categories/${trip.id}/`, alliance.auth, { name: 'Ours' }),
      404,
      'Fee category not found',
    );
    await expectStatus(call('DELETE', `/api/fees/categories/${trip.id}/`, alliance.auth), 404);
    await expectStatus(call('DELETE', `/api/fees/categories/${trip.id}/`, moi.auth), 204);
  });

  it('answers 400 with the field message, 401 without a token and 403 to a teacher', async () => {
    const res = await expectStatus(
      call('POST', '/api/fees/categories/', moi.auth, { name: 'Lunch' }),
      400,
      'Duration is required',
    );
    expect(json(res).errors).toEqual({ duration: ['Duration is required'] });
    await expectStatus(
      call('POST', '/api/fees/categories/', moi.auth, { name: 'Lunch', duration: 'daily' }),
      400,
      'Duration is required',
    );
    await expectStatus(call('GET', '/api/fees/categories/', {}), 401);
    await expectStatus(call('GET', '/api/fees/categories/', teacher), 403);
    await expectStatus(
      call('POST', '/api/fees/categories/', teacher, { name: 'Lunch', duration: 'termly' }),
      403,
    );
    await expectStatus(call('PATCH', '/api/fees/categories/1/', moi.auth, {}), 400);
  });
});

describe('a term’s fee structure and billing it', () => {
  it('sets the amounts, bills new and continuing students once, and bills only what is new the second time', async () => {
    const tuition = await create(moi, '/api/fees/categories/', {
      name: 'Tuition',
      duration: 'termly',
    });
    const admission = await create(moi, '/api/fees/categories/', {
      name: 'Admission',
      duration: 'yearly',
      applies_to: 'new',
      vote_head: 'development',
    });
    const lines = [
      { category: tuition.id, class: f.form1, amount_cents: 1_250_000 },
      { category: tuition.id, class: f.form2, amount_cents: 1_300_050 },
      { category: admission.id, class: f.form1, amount_cents: 200_000 },
    ];
    const saved = await expectStatus(put(moi, { term: f.term1, amounts: lines }), 200);
    const structure = json(saved) as {
      amounts: { category: number; class: number; amount_cents: number }[];
      class_totals: { class: number; new_cents: number; old_cents: number }[];
    };
    expect(structure.amounts).toHaveLength(3);
    expect(structure.class_totals).toEqual(
      expect.arrayContaining([
        { class: f.form1, new_cents: 1_450_000, old_cents: 1_250_000 },
        { class: f.form2, new_cents: 1_300_050, old_cents: 1_300_050 },
      ]),
    );

    // Form 1: Amani and Baraka (new) 14,500 each, Chebet (continuing) 12,500; Daudi left.
    // Form 2: Ekaru and Faraji 13,000.50 each.
    // The confirmation's numbers first: what billing would do, charging nothing.
    const charges = await chargesOf(moi.schoolId);
    const expected = {
      billed_students: 5,
      new_charges: 7,
      total_cents: 2 * 1_450_000 + 1_250_000 + 2 * 1_300_050,
    };
    expect(json(await expectStatus(preview(moi, f.term1), 200))).toEqual(expected);
    expect(json(await expectStatus(preview(moi, f.term1), 200))).toEqual(expected);
    expect(await chargesOf(moi.schoolId)).toBe(charges);
    const first = await expectStatus(apply(moi, f.term1), 200);
    expect(json(first)).toEqual({
      billed_students: 5,
      new_charges: 7,
      total_cents: 2 * 1_450_000 + 1_250_000 + 2 * 1_300_050,
    });
    const nothing = { billed_students: 0, new_charges: 0, total_cents: 0 };
    expect(json(await expectStatus(preview(moi, f.term1), 200))).toEqual(nothing);
    const again = await expectStatus(apply(moi, f.term1), 200);
    expect(json(again)).toEqual(nothing);

    // A billed line stays put: changing or dropping it is refused, naming it.
    await expectStatus(
      put(moi, { term: f.term1, amounts: [{ ...lines[0]!, amount_cents: 1 }, lines[1], lines[2]] }),
      409,
      'Tuition for Form 1 has been billed to 3 students; it cannot be changed or removed (reverse the charges on their statements instead)',
    );
    await expectStatus(
      put(moi, { term: f.term1, amounts: [lines[0], lines[1]] }),
      409,
      'Admission for Form 1 has been billed to 2 students; it cannot be changed or removed (reverse the charges on their statements instead)',
    );
    // A new line (only the categories named are touched): the next apply bills just that.
    const lunch = await create(moi, '/api/fees/categories/', {
      name: 'Lunch',
      duration: 'termly',
      vote_head: 'lunch',
    });
    await expectStatus(
      put(moi, {
        term: f.term1,
        categories: [lunch.id],
        amounts: [{ category: lunch.id, class: f.form2, amount_cents: 450_000 }],
      }),
      200,
    );
    expect(json(await expectStatus(preview(moi, f.term1), 200))).toEqual({
      billed_students: 2,
      new_charges: 2,
      total_cents: 900_000,
    });
    const third = await expectStatus(apply(moi, f.term1), 200);
    expect(json(third)).toEqual({ billed_students: 2, new_charges: 2, total_cents: 900_000 });

    // Twice at once still bills once.
    await expectStatus(
      put(moi, {
        term: f.term2,
        amounts: [{ category: tuition.id, class: f.form1, amount_cents: 1_250_000 }],
      }),
      200,
    );
    const both = await Promise.all([apply(moi, f.term2), apply(moi, f.term2)]);
    expect(both.map((r) => json(r).new_charges).sort()).toEqual([0, 3]);

    // Amani moves to Form 2: Tuition stands from Form 1, so nothing more is billed; once that
    // charge is reversed, the next apply bills Form 2's Tuition.
    await t.app.db
      .update(students)
      .set({ classId: f.form2 })
      .where(eq(students.id, f.students.amani));
    expect(json(await expectStatus(apply(moi, f.term1), 200))).toMatchObject({ new_charges: 1 });
    const [form1Tuition] = await t.app.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .innerJoin(feeAmounts, eq(feeAmounts.id, ledgerEntries.feeAmountId))
      .where(
        and(
          eq(ledgerEntries.studentId, f.students.amani),
          eq(feeAmounts.classId, f.form1),
          eq(feeAmounts.categoryId, tuition.id),
          eq(ledgerEntries.termId, f.term1),
        ),
      );
    await create(moi, `/api/ledger_entries/${form1Tuition!.id}/reverse/`, {
      reason: 'Moved to Form 2',
    });
    // The preview counts as billing does: the reversed Form 1 line is not billed again.
    expect(json(await expectStatus(preview(moi, f.term1), 200))).toEqual({
      billed_students: 1,
      new_charges: 1,
      total_cents: 1_300_050,
    });
    expect(json(await expectStatus(apply(moi, f.term1), 200))).toEqual({
      billed_students: 1,
      new_charges: 1,
      total_cents: 1_300_050,
    });
    expect(json(await expectStatus(apply(moi, f.term1), 200))).toMatchObject({ new_charges: 0 });

    // The category is now in use: not deleted, and the message says why.
    await expectStatus(
      call('DELETE', `/api/fees/categories/${tuition.id}/`, moi.auth),
      409,
      'Tuition has been billed to 5 students; it cannot be deleted (reverse the charges on their statements instead)',
    );
    const unbilled = await create(moi, '/api/fees/categories/', {
      name: 'Swimming',
      duration: 'termly',
    });
    await expectStatus(
      put(moi, {
        term: f.term2,
        categories: [unbilled.id],
        amounts: [{ category: unbilled.id, class: f.form2, amount_cents: 10_000 }],
      }),
      200,
    );
    await expectStatus(
      call('DELETE', `/api/fees/categories/${unbilled.id}/`, moi.auth),
      409,
      'Swimming is in the fee structure of Term 2 2026; remove its amounts from the structure before deleting it',
    );
    const read = await expectStatus(
      call('GET', `/api/fees/structures/?term=${f.term2}`, moi.auth),
      200,
    );
    expect(json(read)).toMatchObject({ term: { name: 'Term 2 2026' }, billed_students: 3 });
  });

  it('refuses another school’s term, categories and classes, and bad input with field messages', async () => {
    const mine = await create(moi, '/api/fees/categories/', {
      name: 'Boarding',
      duration: 'termly',
    });
    await expectStatus(call('GET', `/api/fees/structures/?term=${other.term1}`, moi.auth), 404);
    await expectStatus(
      put(moi, {
        term: other.term1,
        amounts: [{ category: mine.id, class: f.form1, amount_cents: 5 }],
      }),
      404,
      'Term not found',
    );
    await expectStatus(apply(moi, other.term1), 404, 'Term not found');
    await expectStatus(preview(moi, other.term1), 404, 'Term not found');
    await expectStatus(preview(moi, 'abc'), 404);
    await expectStatus(preview({ auth: {} }, f.term1), 401);
    await expectStatus(preview({ auth: teacher }, f.term1), 403);
    const res = await expectStatus(
      put(moi, {
        term: f.term1,
        amounts: [{ category: mine.id, class: other.form1, amount_cents: 5 }],
      }),
      400,
      "Choose one of your school's classes",
    );
    expect(json(res).errors).toEqual({
      'amounts.0.class': ["Choose one of your school's classes"],
    });
    const bad = await expectStatus(
      put(moi, {
        term: f.term1,
        amounts: [{ category: mine.id, class: f.form1, amount_cents: -5 }],
      }),
      400,
      'Amount must be more than 0',
    );
    expect(json(bad).errors).toEqual({ 'amounts.0.amount_cents': ['Amount must be more than 0'] });
    await expectStatus(call('GET', '/api/fees/structures/', moi.auth), 400, 'Choose a term');
    await expectStatus(call('GET', `/api/fees/structures/?term=${f.term1}`, {}), 401);
    await expectStatus(call('GET', `/api/fees/structures/?term=${f.term1}`, teacher), 403);
    await expectStatus(apply({ auth: teacher }, f.term1), 403);
    // A term without amounts has nothing to bill.
    const fresh = await newSchool('Kenya High');
    const year = await feeSchool(t.app, fresh.schoolId);
    await expectStatus(apply(fresh, year.term1), 409, NOTHING_TO_BILL_MESSAGE);
    await expectStatus(preview(fresh, year.term1), 409, NOTHING_TO_BILL_MESSAGE);
  });
});

describe('classes and terms the fees use', () => {
  it('are not deleted: 409 naming why, never a failure of the database', async () => {
    const fresh = await newSchool('Maseno School');
    const year = await feeSchool(t.app, fresh.schoolId);
    const emptyClass = (await create(fresh, '/api/classes/', { name: 'Form 3' })).class.id;
    const swim = await create(fresh, '/api/fees/categories/', {
      name: 'Swimming',
      duration: 'termly',
    });
    await expectStatus(
      put(fresh, {
        term: year.term2,
        amounts: [{ category: swim.id, class: emptyClass, amount_cents: 50_000 }],
      }),
      200,
    );
    await expectStatus(
      call('DELETE', `/api/classes/${emptyClass}/`, fresh.auth),
      409,
      'Form 3 has amounts in a fee structure; remove them from the structure before deleting it',
    );
    await expectStatus(
      call('DELETE', `/api/fees/terms/${year.term2}/`, fresh.auth),
      409,
      'Term 2 2026 has a fee structure; remove its amounts before deleting it',
    );
    // A term with a bursary entry on a ledger: kept whatever its structure.
    await create(fresh, `/api/students/${year.students.amani}/ledger/`, {
      kind: 'capitation',
      amount_cents: 100,
      term: year.term1,
    });
    await expectStatus(
      call('DELETE', `/api/fees/terms/${year.term1}/`, fresh.auth),
      409,
      'Term 1 2026 has fees billed or credited to students; it cannot be deleted',
    );
    // Once the structure is emptied, the class and the term go.
    await expectStatus(put(fresh, { term: year.term2, amounts: [] }), 200);
    await expectStatus(call('DELETE', `/api/classes/${emptyClass}/`, fresh.auth), 204);
    await expectStatus(call('DELETE', `/api/fees/terms/${year.term2}/`, fresh.auth), 204);
  });
});
