import {
  type CapitationResult,
  capitationAlreadyMessage,
  type capitationBody,
  capitationInstalmentCents,
  type createSponsorBody,
  type Sponsor,
  type SponsorStatement,
  sponsorNameTakenMessage,
} from '@shule/shared/fee-ledger';
import type { LedgerKind, SponsorKind } from '@shule/shared/fees';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes, ledgerEntries, sponsors } from '../../db/schema/index';
import { takenInSchool } from '../../db/school-rows';
import { conflict, invalid, notFound } from '../../errors';
import { governmentSponsor } from './adjustments';
import { termOfSchool } from './structures';

/** Sponsors with what each has given (reversals taken off) and to how many students. */
async function selectSponsors(
  db: Db | Tx,
  schoolId: number,
  sponsorId?: number,
): Promise<Sponsor[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    kind: SponsorKind;
    total: string | null;
    students: number;
  }>(
    db,
    sql`select sp.id, sp.name, sp.kind,
        -coalesce(sum(le.amount_cents), 0) as total,
        count(distinct le.student_id)::int as students
      from sponsors sp left join ledger_entries le on le.sponsor_id = sp.id
      where sp.school_id = ${schoolId} ${sponsorId === undefined ? sql`` : sql`and sp.id = ${sponsorId}`}
      group by sp.id order by lower(sp.name), sp.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    total_cents: Number(r.total ?? 0),
    students: r.students,
  }));
}

export const listSponsors = (db: Db, schoolId: number) => selectSponsors(db, schoolId);

/** POST /api/fees/sponsors/: names unique in a school regardless of case. */
export function createSponsor(db: Db, schoolId: number, input: z.output<typeof createSponsorBody>) {
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'sponsorNames', schoolId);
    const sameName = sql`lower(${sponsors.name}) = lower(${input.name})`;
    if (await takenInSchool(tx, schoolId, sponsors, sameName)) {
      throw conflict(sponsorNameTakenMessage(input.name));
    }
    const [row] = await tx
      .insert(sponsors)
      .values({ schoolId, name: input.name, kind: input.kind })
      .returning({ id: sponsors.id });
    const [sponsor] = await selectSponsors(tx, schoolId, row!.id);
    return sponsor!;
  });
}

/** GET /api/fees/sponsors/{id}/statement/: every credit the sponsor gave, oldest first. */
export async function sponsorStatement(
  db: Db,
  schoolId: number,
  sponsorId: number,
): Promise<SponsorStatement> {
  const [sponsor] = await selectSponsors(db, schoolId, sponsorId);
  if (!sponsor) throw notFound('Sponsor');
  const rows = await queryRows<{
    id: number;
    at: string | Date;
    kind: LedgerKind;
    student_id: number;
    first_name: string;
    last_name: string;
    admission_number: string;
    term_id: number | null;
    term_name: string | null;
    note: string | null;
    amount: string;
  }>(
    db,
    sql`select le.id, coalesce(p.paid_at, le.created_at) as at, le.kind,
        s.id as student_id, s.first_name, s.last_name, s.admission_number,
        t.id as term_id, t.name as term_name, le.note, -le.amount_cents as amount
      from ledger_entries le
      join students s on s.id = le.student_id
      left join terms t on t.id = le.term_id
      left join payments p on p.id = le.payment_id and le.kind = 'payment'
      where le.school_id = ${schoolId} and le.sponsor_id = ${sponsorId}
      order by coalesce(p.paid_at, le.created_at), le.id`,
  );
  return {
    sponsor,
    entries: rows.map((r) => ({
      id: r.id,
      date: new Date(r.at).toISOString(),
      kind: r.kind,
      student: {
        id: r.student_id,
        first_name: r.first_name,
        last_name: r.last_name,
        admission_number: r.admission_number,
      },
      term: r.term_id === null ? null : { id: r.term_id, name: r.term_name ?? '' },
      note: r.note,
      amount_cents: Number(r.amount),
    })),
  };
}

/**
 * POST /api/fees/capitation/: the instalment (50, 30 or 20 percent of KES 22,244) credited from
 * the government to every active, not erased student of the classes, once per term and
 * instalment: a student who has it already (not reversed) is skipped; 409 when all have it.
 */
export function recordCapitation(
  db: Db,
  schoolId: number,
  input: z.output<typeof capitationBody>,
  recordedBy: number,
): Promise<CapitationResult> {
  return db.transaction(async (tx) => {
    const term = await termOfSchool(tx, schoolId, input.term);
    const classIds = [...new Set(input.classes)];
    const own = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, classIds)));
    if (own.length !== classIds.length) {
      const ownIds = new Set(own.map((c) => c.id));
      const at = input.classes.findIndex((id) => !ownIds.has(id));
      throw invalid(`classes.${at}`, "Choose your school's classes");
    }
    // One recording of a term's capitation at a time, so an instalment cannot go in twice.
    await lockUntilCommit(tx, 'capitation', input.term);
    const sponsorId = await governmentSponsor(tx, schoolId);
    const cents = capitationInstalmentCents(input.instalment);
    const note = `Instalment ${input.instalment} of ${term.name}`;
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`insert into ledger_entries
          (school_id, student_id, kind, amount_cents, term_id, sponsor_id, note, recorded_by)
        select s.school_id, s.id, 'capitation', ${-cents}, ${input.term}, ${sponsorId}, ${note}, ${recordedBy}
        from students s
        where s.school_id = ${schoolId} and s.is_active and s.erased_at is null
          and s.class_id in ${sql`(${sql.join(
            classIds.map((id) => sql`${id}`),
            sql`, `,
          )})`}
          and not exists (select 1 from ledger_entries le
            where le.student_id = s.id and le.kind = 'capitation' and le.term_id = ${input.term}
              and le.note = ${note}
              and not exists (select 1 from ledger_entries r where r.reverses_id = le.id))
        returning id`,
    );
    if (inserted.length === 0) {
      const [had] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.schoolId, schoolId),
            eq(ledgerEntries.termId, input.term),
            eq(ledgerEntries.kind, 'capitation'),
            eq(ledgerEntries.note, note),
          ),
        )
        .limit(1);
      if (had) throw conflict(capitationAlreadyMessage(input.instalment, term.name));
    }
    return {
      students: inserted.length,
      amount_cents_each: cents,
      total_cents: cents * inserted.length,
    };
  });
}
