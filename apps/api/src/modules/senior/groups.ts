import {
  GROUP_MESSAGES,
  type GroupDetail,
  type GroupMember,
  type GroupSummary,
  groupName,
  MAX_GROUP_SIZE,
  type updateGroupBody,
} from '@shule/shared/senior-groups';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { intArray, queryRows } from '../../db/raw-rows';
import { teachers, teachingGroups } from '../../db/schema/index';
import { deleteInSchool, findInSchool } from '../../db/school-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, invalid, notFound } from '../../errors';
import { currentChoiceRows } from './choices';

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;

/**
 * Each elective taken by the active learners of the level's classes, from their current choice
 * (the latest `from_date`, then the latest id, as currentChoices reads it) and its
 * combination's electives: one row per (subject, learner), by subject then stream and name.
 * `only` narrows it to these learners and this subject.
 */
function takersOf(
  db: Db | Tx,
  schoolId: number,
  level: string,
  only?: { studentIds: number[]; subjectId: number },
) {
  const narrowed = only ? sql`and s.id = any(${intArray(only.studentIds)})` : sql``;
  const subject = only ? sql`and cs.subject_id = ${only.subjectId}` : sql``;
  return queryRows<{ subject_id: number; subject_name: string; student_id: number }>(
    db,
    sql`
    with current_choice as (${currentChoiceRows(
      schoolId,
      sql`and sc.student_id in (
            select s.id from students s join classes c on c.id = s.class_id
            where s.school_id = ${schoolId} and c.level = ${level}
              and s.is_active and s.erased_at is null ${narrowed})`,
    )})
    select cs.subject_id, sub.name as subject_name, s.id as student_id
    from current_choice cc
    join senior_combination_subjects cs on cs.combination_id = cc.combination_id
    join subjects sub on sub.id = cs.subject_id
    join students s on s.id = cc.student_id
    join classes c on c.id = s.class_id
    where true ${subject}
    order by sub.name, cs.subject_id, c.name, s.first_name, s.last_name, s.id`,
  );
}

interface ExistingGroup {
  id: number;
  subject_id: number;
  name: string;
  members: number[];
}

/**
 * Makes the level's teaching groups from the learners' current choices: for each elective, its
 * takers in as few groups as keep each at most MAX_GROUP_SIZE, of even sizes. What the school
 * has set stays: existing groups keep their names, teachers and members who still take the
 * subject; members who no longer do leave; new takers fill the groups below an even share
 * (then any with room), and a group is added only when they are full. A fixed number of
 * statements whatever the number of learners.
 */
export async function generateGroups(tx: Tx, schoolId: number, level: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('teaching_groups'), ${schoolId})`);
  const takers = await takersOf(tx, schoolId, level);
  const existing = await queryRows<ExistingGroup>(
    tx,
    sql`
    select g.id, g.subject_id, g.name,
           coalesce(array_agg(m.student_id order by m.student_id)
                    filter (where m.student_id is not null), '{}') as members
    from teaching_groups g
    left join teaching_group_members m on m.group_id = g.id
    where g.school_id = ${schoolId} and g.level = ${level}
    group by g.id
    order by g.id`,
  );

  const bySubject = new Map<number, { name: string; students: number[] }>();
  for (const t of takers) {
    const entry = bySubject.get(t.subject_id) ?? { name: t.subject_name, students: [] };
    entry.students.push(t.student_id);
    bySubject.set(t.subject_id, entry);
  }
  const groupsOf = new Map<number, ExistingGroup[]>();
  for (const g of existing) groupsOf.set(g.subject_id, [...(groupsOf.get(g.subject_id) ?? []), g]);
  const takenNames = new Set(existing.map((g) => g.name));

  const dropped: { group: number; student: number }[] = [];
  const renamed: { id: number; name: string }[] = [];
  const made: { subjectId: number; name: string; students: number[] }[] = [];
  const added: { group: number; student: number }[] = [];

  // Members who no longer take the subject (or take it twice over) leave first.
  for (const g of existing) {
    const takes = new Set(bySubject.get(g.subject_id)?.students ?? []);
    const kept: number[] = [];
    for (const s of g.members) {
      if (takes.has(s)) {
        kept.push(s);
        takes.delete(s);
      } else dropped.push({ group: g.id, student: s });
    }
    g.members = kept;
  }

  for (const [subjectId, { name: subjectName, students }] of bySubject) {
    const groups = groupsOf.get(subjectId) ?? [];
    const placed = new Set(groups.flatMap((g) => g.members));
    const unplaced = students.filter((s) => !placed.has(s));
    if (unplaced.length === 0) continue;
    const count = Math.max(groups.length, Math.ceil(students.length / MAX_GROUP_SIZE));
    type Slot = { members: number[]; fresh: boolean; target: number; existing?: ExistingGroup };
    const slots: Slot[] = groups.map((g) => ({
      members: g.members,
      fresh: false,
      target: 0,
      existing: g,
    }));
    while (slots.length < count) slots.push({ members: [], fresh: true, target: 0 });
    const base = Math.floor(students.length / count);
    slots.forEach((slot, i) => {
      slot.target = base + (i < students.length % count ? 1 : 0);
    });
    let next = 0;
    for (const slot of slots) {
      while (slot.members.length < slot.target && next < unplaced.length) {
        const student = unplaced[next++]!;
        slot.members.push(student);
        if (slot.existing) added.push({ group: slot.existing.id, student });
      }
    }
    while (next < unplaced.length) {
      const roomiest = slots.reduce((a, b) => (b.members.length < a.members.length ? b : a));
      const student = unplaced[next++]!;
      roomiest.members.push(student);
      if (roomiest.existing) added.push({ group: roomiest.existing.id, student });
    }

    const fresh = slots.filter((s) => s.fresh && s.members.length > 0);
    if (fresh.length === 0) continue;
    const single = groupName(level, subjectName, null);
    if (slots.length === 1) {
      const name = takenNames.has(single) ? freeName(takenNames, level, subjectName) : single;
      takenNames.add(name);
      made.push({ subjectId, name, students: fresh[0]!.members });
      continue;
    }
    // A lone group with the generated name is numbered once it has company.
    const lone = groups.length === 1 && groups[0]!.name === single ? groups[0]! : null;
    if (lone) {
      takenNames.delete(single);
      const name = freeName(takenNames, level, subjectName);
      takenNames.add(name);
      renamed.push({ id: lone.id, name });
    }
    for (const slot of fresh) {
      const name = freeName(takenNames, level, subjectName);
      takenNames.add(name);
      made.push({ subjectId, name, students: slot.members });
    }
  }

  if (dropped.length > 0) {
    await tx.execute(sql`
      delete from teaching_group_members m
      using unnest(${intArray(dropped.map((d) => d.group))},
                   ${intArray(dropped.map((d) => d.student))}) as d(group_id, student_id)
      where m.group_id = d.group_id and m.student_id = d.student_id`);
  }
  if (renamed.length > 0) {
    await tx.execute(sql`
      update teaching_groups g set name = r.name
      from unnest(${intArray(renamed.map((r) => r.id))},
                  ${textArray(renamed.map((r) => r.name))}) as r(id, name)
      where g.id = r.id and g.school_id = ${schoolId}`);
  }
  if (made.length > 0) {
    const rows = await queryRows<{ id: number; name: string }>(
      tx,
      sql`
      insert into teaching_groups (school_id, level, subject_id, name)
      select ${schoolId}, ${level}, m.subject_id, m.name
      from unnest(${intArray(made.map((m) => m.subjectId))},
                  ${textArray(made.map((m) => m.name))}) as m(subject_id, name)
      returning id, name`,
    );
    const idOf = new Map(rows.map((r) => [r.name, r.id]));
    for (const m of made) {
      for (const student of m.students) added.push({ group: idOf.get(m.name)!, student });
    }
  }
  if (added.length > 0) {
    await tx.execute(sql`
      insert into teaching_group_members (school_id, group_id, student_id)
      select ${schoolId}, a.group_id, a.student_id
      from unnest(${intArray(added.map((a) => a.group))},
                  ${intArray(added.map((a) => a.student))}) as a(group_id, student_id)
      on conflict do nothing`);
  }
}

/** The first numbered name of the subject's groups that no group of the level has. */
function freeName(taken: ReadonlySet<string>, level: string, subject: string) {
  for (let n = 1; ; n++) {
    const name = groupName(level, subject, n);
    if (!taken.has(name)) return name;
  }
}

type SummaryRow = Omit<GroupSummary, 'subject' | 'teacher'> & {
  subject_id: number;
  subject_name: string;
  subject_code: string;
  teacher_id: number | null;
  teacher_name: string | null;
};

const summaryOf = (r: SummaryRow): GroupSummary => ({
  id: r.id,
  level: r.level,
  name: r.name,
  subject: { id: r.subject_id, name: r.subject_name, code: r.subject_code },
  teacher: r.teacher_id === null ? null : { id: r.teacher_id, name: r.teacher_name ?? '' },
  size: r.size,
  mine: r.mine,
});

function selectSummaries(
  db: Db | Tx,
  schoolId: number,
  userId: number,
  where: ReturnType<typeof sql>,
) {
  return queryRows<SummaryRow>(
    db,
    sql`
    select g.id, g.level, g.name, sub.id as subject_id, sub.name as subject_name,
           sub.code as subject_code, g.teacher_id,
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
             as teacher_name,
           (select count(*)::int from teaching_group_members m where m.group_id = g.id) as size,
           coalesce(t.user_id = ${userId}, false) as mine
    from teaching_groups g
    join subjects sub on sub.id = g.subject_id
    left join teachers t on t.id = g.teacher_id
    left join users u on u.id = t.user_id
    where g.school_id = ${schoolId} ${where}
    order by g.level, sub.name, g.name`,
  );
}

/**
 * The school's teaching groups (of one level when given), each marked `mine` when the user
 * signed in teaches it; `mineOnly` keeps only those. One query.
 */
export async function listGroups(
  db: Db | Tx,
  schoolId: number,
  userId: number,
  { level, mineOnly = false }: { level?: string; mineOnly?: boolean } = {},
) {
  const byLevel = level === undefined ? sql`` : sql`and g.level = ${level}`;
  const mine = mineOnly ? sql`and t.user_id = ${userId}` : sql``;
  const rows = await selectSummaries(db, schoolId, userId, sql`${byLevel} ${mine}`);
  return rows.map(summaryOf);
}

/** One group with its members by stream and name, or 404. Two queries. */
export async function readGroup(
  db: Db | Tx,
  schoolId: number,
  userId: number,
  id: number,
): Promise<GroupDetail> {
  const [row] = await selectSummaries(db, schoolId, userId, sql`and g.id = ${id}`);
  if (!row) throw notFound('Teaching group');
  const members = await queryRows<
    Omit<GroupMember, 'class'> & { class_id: number; class_name: string }
  >(
    db,
    sql`
    select s.id, s.first_name, s.last_name, s.admission_number,
           c.id as class_id, c.name as class_name
    from teaching_group_members m
    join students s on s.id = m.student_id
    join classes c on c.id = s.class_id
    where m.group_id = ${id}
    order by c.name, s.first_name, s.last_name, s.id`,
  );
  return {
    ...summaryOf(row),
    members: members.map(({ class_id, class_name, ...m }) => ({
      ...m,
      class: { id: class_id, name: class_name },
    })),
  };
}

/**
 * PATCH /senior/groups/{id}/: rename, set or clear the teacher, add and remove members. A
 * member added must take the group's subject at its level (400 naming those who do not); they
 * leave the subject's other groups of the level, a learner being taught a subject in one group.
 */
export async function updateGroup(
  db: Db,
  schoolId: number,
  id: number,
  input: z.output<typeof updateGroupBody>,
) {
  await db.transaction(async (tx) => {
    const group = await findInSchool(tx, schoolId, teachingGroups, id, 'Teaching group', {
      columns: {
        id: teachingGroups.id,
        level: teachingGroups.level,
        subjectId: teachingGroups.subjectId,
      },
      lock: 'update',
    });
    if (input.teacher != null) {
      await findInSchool(tx, schoolId, teachers, input.teacher, 'Teacher');
    }
    if (input.name !== undefined || input.teacher !== undefined) {
      try {
        await tx.execute(sql`
          update teaching_groups
          set name = coalesce(${input.name ?? null}, name),
              teacher_id = ${input.teacher === undefined ? sql`teacher_id` : (input.teacher ?? null)}
          where id = ${id}`);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(GROUP_MESSAGES.nameTaken(input.name ?? ''));
        throw error;
      }
    }
    const add = [...new Set(input.add ?? [])];
    if (add.length > 0) {
      const takers = new Set(
        (
          await takersOf(tx, schoolId, group.level, {
            studentIds: add,
            subjectId: group.subjectId,
          })
        ).map((t) => t.student_id),
      );
      const refused = add.filter((s) => !takers.has(s));
      if (refused.length > 0) {
        const named = await queryRows<{ id: number; name: string }>(
          tx,
          sql`select id, first_name || ' ' || last_name as name from students
              where school_id = ${schoolId} and id = any(${intArray(refused)})`,
        );
        const nameOf = new Map(named.map((n) => [n.id, n.name]));
        const [subject] = await queryRows<{ name: string }>(
          tx,
          sql`select name from subjects where id = ${group.subjectId}`,
        );
        throw invalid(
          'add',
          GROUP_MESSAGES.notTaking(
            refused.map((s) => nameOf.get(s) ?? `Student ${s}`),
            subject?.name ?? 'the subject',
            group.level,
          ),
        );
      }
      await tx.execute(sql`
        delete from teaching_group_members m
        using teaching_groups g
        where g.id = m.group_id and g.school_id = ${schoolId} and g.level = ${group.level}
          and g.subject_id = ${group.subjectId} and g.id <> ${id}
          and m.student_id = any(${intArray(add)})`);
      await tx.execute(sql`
        insert into teaching_group_members (school_id, group_id, student_id)
        select ${schoolId}, ${id}, s from unnest(${intArray(add)}) as s
        on conflict do nothing`);
    }
    const remove = input.remove ?? [];
    if (remove.length > 0) {
      await tx.execute(sql`
        delete from teaching_group_members
        where group_id = ${id} and student_id = any(${intArray(remove)})`);
    }
  });
}

export const deleteGroup = (db: Db, schoolId: number, id: number) =>
  deleteInSchool(db, schoolId, teachingGroups, id, 'Teaching group');
