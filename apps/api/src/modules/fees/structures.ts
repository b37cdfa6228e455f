import {
  type ApplyStructureResult,
  billedLineMessage,
  type FeeStructure,
  NOTHING_TO_BILL_MESSAGE,
  type putFeeStructureBody,
} from '@shule/shared/fee-structures';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import {
  academicYears,
  classes,
  feeAmounts,
  feeCategories,
  ledgerEntries,
  terms,
} from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../errors';
import { NAIROBI } from './access';
import { selectCategories } from './categories';

const lockTerm = (tx: Tx, termId: number) => lockUntilCommit(tx, 'termStructure', termId);

/** The school's term with its academic year (404 'Term not found' for another school's). */
export async function termOfSchool(db: Db | Tx, schoolId: number, termId: number) {
  const [term] = await db
    .select({
      id: terms.id,
      name: terms.name,
      start_date: terms.startDate,
      end_date: terms.endDate,
      yearId: academicYears.id,
      yearName: academicYears.name,
      yearStart: academicYears.startDate,
    })
    .from(terms)
    .leftJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.id, termId), eq(terms.schoolId, schoolId)));
  if (!term) throw notFound('Term');
  return term;
}

/** The term's lines with how many students each has charged. */
async function termLines(db: Db | Tx, schoolId: number, termId: number) {
  return db
    .select({
      id: feeAmounts.id,
      category: feeAmounts.categoryId,
      class: feeAmounts.classId,
      amount_cents: feeAmounts.amountCents,
      billed_students: sql<number>`(select count(*) from ledger_entries le
        where le.fee_amount_id = fee_amounts.id and le.kind = 'charge')`.mapWith(Number),
    })
    .from(feeAmounts)
    .where(and(eq(feeAmounts.schoolId, schoolId), eq(feeAmounts.termId, termId)))
    .orderBy(asc(feeAmounts.categoryId), asc(feeAmounts.classId));
}

/** GET /api/fees/structures/?term= */
export async function getStructure(
  db: Db | Tx,
  schoolId: number,
  termId: number,
): Promise<FeeStructure> {
  const term = await termOfSchool(db, schoolId, termId);
  const [classRows, categories, amounts, [billed]] = await Promise.all([
    db
      .select({ id: classes.id, name: classes.name, level: classes.level })
      .from(classes)
      .where(eq(classes.schoolId, schoolId))
      .orderBy(asc(classes.name), asc(classes.id)),
    selectCategories(db, schoolId),
    termLines(db, schoolId, termId),
    db
      .select({ n: sql<number>`count(distinct ${ledgerEntries.studentId})`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.termId, termId), eq(ledgerEntries.kind, 'charge'))),
  ]);
  const appliesTo = new Map(categories.map((c) => [c.id, c.applies_to]));
  const class_totals = classRows.map((c) => {
    let newCents = 0;
    let oldCents = 0;
    for (const line of amounts) {
      if (line.class !== c.id) continue;
      const who = appliesTo.get(line.category);
      if (who !== 'old') newCents += line.amount_cents;
      if (who !== 'new') oldCents += line.amount_cents;
    }
    return { class: c.id, new_cents: newCents, old_cents: oldCents };
  });
  return {
    term: {
      id: term.id,
      name: term.name,
      start_date: term.start_date,
      end_date: term.end_date,
      academic_year: term.yearId === null ? null : { id: term.yearId, name: term.yearName ?? '' },
    },
    classes: classRows,
    categories,
    amounts,
    class_totals,
    billed_students: billed?.n ?? 0,
  };
}

/**
 * PUT /api/fees/structures/: the term's lines (or, with `categories`, those categories' lines)
 * become exactly `amounts`, in one transaction. A line already billed may stay as it is but not
 * change or go (409 naming it: its charges stand until reversed on the statements).
 */
export async function putStructure(
  db: Db,
  schoolId: number,
  input: z.output<typeof putFeeStructureBody>,
): Promise<FeeStructure> {
  return db.transaction(async (tx) => {
    await termOfSchool(tx, schoolId, input.term);
    await lockTerm(tx, input.term);

    const categoryIds = [...new Set(input.amounts.map((l) => l.category))];
    const [ownCategories, ownClasses] = await Promise.all([
      categoryIds.length === 0
        ? []
        : tx
            .select({ id: feeCategories.id, name: feeCategories.name })
            .from(feeCategories)
            .where(
              and(eq(feeCategories.schoolId, schoolId), inArray(feeCategories.id, categoryIds)),
            ),
      tx
        .select({ id: classes.id, name: classes.name })
        .from(classes)
        .where(eq(classes.schoolId, schoolId)),
    ]);
    const categoryIdsOwn = new Set(ownCategories.map((c) => c.id));
    const classNames = new Map(ownClasses.map((c) => [c.id, c.name]));
    const scope = input.categories ? new Set(input.categories) : null;
    for (const [i, line] of input.amounts.entries()) {
      if (!categoryIdsOwn.has(line.category)) {
        throw invalid(`amounts.${i}.category`, "Choose one of your school's fee categories");
      }
      if (!classNames.has(line.class)) {
        throw invalid(`amounts.${i}.class`, "Choose one of your school's classes");
      }
      if (scope && !scope.has(line.category)) {
        throw invalid(`amounts.${i}.category`, 'This category is not among the categories named');
      }
    }
    if (input.categories) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(feeCategories)
        .where(
          and(eq(feeCategories.schoolId, schoolId), inArray(feeCategories.id, input.categories)),
        );
      if (n !== new Set(input.categories).size) {
        throw invalid('categories', "Choose your school's fee categories");
      }
    }

    const existing = (await termLines(tx, schoolId, input.term)).filter(
      (l) => !scope || scope.has(l.category),
    );
    const wanted = new Map(input.amounts.map((l) => [`${l.category}:${l.class}`, l]));
    const have = new Map(existing.map((l) => [`${l.category}:${l.class}`, l]));
    const names = new Map(
      (await selectCategories(tx, schoolId)).map((c) => [c.id, c.name] as const),
    );

    for (const line of existing) {
      const next = wanted.get(`${line.category}:${line.class}`);
      if (next?.amount_cents === line.amount_cents) continue;
      if (line.billed_students > 0) {
        throw conflict(
          billedLineMessage(
            names.get(line.category) ?? 'This fee',
            classNames.get(line.class) ?? 'a class',
            line.billed_students,
          ),
        );
      }
      if (next) {
        await tx
          .update(feeAmounts)
          .set({ amountCents: next.amount_cents })
          .where(eq(feeAmounts.id, line.id));
      } else {
        await tx.delete(feeAmounts).where(eq(feeAmounts.id, line.id));
      }
    }
    const added = input.amounts.filter((l) => !have.has(`${l.category}:${l.class}`));
    if (added.length > 0) {
      await tx.insert(feeAmounts).values(
        added.map((l) => ({
          schoolId,
          termId: input.term,
          categoryId: l.category,
          classId: l.class,
          amountCents: l.amount_cents,
        })),
      );
    }
    return getStructure(tx, schoolId, input.term);
  });
}

/**
 * The charges billing the term would add now: each active student of a class with amounts, each
 * line that applies to them (new or continuing), unless that term's category was charged to them
 * already (and not reversed) or this very line was. Billing and its preview both read this.
 */
function chargesToBill(schoolId: number, termId: number, yearStart: string) {
  return sql`
      select s.school_id, s.id as student_id, fa.amount_cents, fa.term_id, fa.id as fee_amount_id,
        c.name as note
      from fee_amounts fa
      join fee_categories c on c.id = fa.category_id
      join students s on s.class_id = fa.class_id and s.school_id = fa.school_id
      where fa.school_id = ${schoolId} and fa.term_id = ${termId}
        and s.is_active and s.erased_at is null
        and (c.applies_to = 'all'
          or (c.applies_to = 'new') = ((s.created_at at time zone ${NAIROBI})::date >= ${yearStart}::date))
        and not exists (
          select 1 from ledger_entries le join fee_amounts other on other.id = le.fee_amount_id
          where le.student_id = s.id and le.kind = 'charge'
            and other.term_id = fa.term_id and other.category_id = fa.category_id
            and not exists (select 1 from ledger_entries r where r.reverses_id = le.id))
        and not exists (
          select 1 from ledger_entries same
          where same.student_id = s.id and same.fee_amount_id = fa.id and same.kind = 'charge')`;
}

/** 409 'set its structure first' when the term has no fee amounts. */
async function needAmounts(tx: Tx, schoolId: number, termId: number) {
  const [line] = await tx
    .select({ id: feeAmounts.id })
    .from(feeAmounts)
    .where(and(eq(feeAmounts.schoolId, schoolId), eq(feeAmounts.termId, termId)))
    .limit(1);
  if (!line) throw conflict(NOTHING_TO_BILL_MESSAGE);
}

/**
 * What billing the term would do now, charging nothing: the students, charges and sum the
 * "Bill Term 3?" confirmation names before an admin says yes.
 */
export async function previewApplyStructure(
  db: Db,
  schoolId: number,
  termId: number,
): Promise<ApplyStructureResult> {
  return db.transaction(async (tx) => {
    const term = await termOfSchool(tx, schoolId, termId);
    await needAmounts(tx, schoolId, termId);
    const yearStart = term.yearStart ?? term.start_date;
    const [row] = await queryRows<{ students: number; charges: number; cents: string }>(
      tx,
      sql`select count(distinct student_id)::int as students, count(*)::int as charges,
        coalesce(sum(amount_cents), 0) as cents
      from (${chargesToBill(schoolId, termId, yearStart)}) as due`,
    );
    return {
      billed_students: row!.students,
      new_charges: row!.charges,
      total_cents: Number(row!.cents),
    };
  });
}

/**
 * Bills the term: every active, not erased student of the classes its lines name is charged
 * each line that applies to them (new or continuing by the day they were admitted against the
 * start of the term's academic year), once. A student holds at most one standing charge of a
 * category a term, even after moving class (reverse the old class's charge, and the next apply
 * bills the new class's line); a line already charged (reversed or not) is never charged to the
 * same student again. One INSERT … SELECT, whatever the size of the school.
 */
export async function applyStructure(
  db: Db,
  schoolId: number,
  termId: number,
  recordedBy: number,
): Promise<ApplyStructureResult> {
  return db.transaction(async (tx) => {
    const term = await termOfSchool(tx, schoolId, termId);
    await lockTerm(tx, termId);
    await needAmounts(tx, schoolId, termId);
    const yearStart = term.yearStart ?? term.start_date;
    const rows = await queryRows<{ student_id: number; amount_cents: string }>(
      tx,
      sql`
      insert into ledger_entries
        (school_id, student_id, kind, amount_cents, term_id, fee_amount_id, note, recorded_by)
      select due.school_id, due.student_id, 'charge', due.amount_cents, due.term_id,
        due.fee_amount_id, due.note, ${recordedBy}
      from (${chargesToBill(schoolId, termId, yearStart)}) as due
      on conflict (student_id, fee_amount_id) where kind = 'charge' do nothing
      returning student_id, amount_cents`,
    );
    return {
      billed_students: new Set(rows.map((r) => Number(r.student_id))).size,
      new_charges: rows.length,
      total_cents: rows.reduce((sum, r) => sum + Number(r.amount_cents), 0),
    };
  });
}
