/**
 * A senior school of realistic size for `npm run bench` (src/bench/senior-bench.ts) and for
 * whatever else needs one: a Grade 10 of `streams` streams of `learnersPerClass` learners, the
 * Ministry's pathways (filled in with the level), `combinations` approved combinations made
 * through the API, and every learner's choice (their pathway's mathematics, Kiswahili) with their
 * own subjects, the combinations taken in turn.
 *
 *   const school = await seedSeniorSchool(app);
 */
import type { Combination, PathwaysResponse } from '@shule/shared/senior';
import { takesCoreSubject } from '@shule/shared/senior';
import { formatAdmissionNumber } from '@shule/shared/students';
import type { App } from '../app';
import { seniorChoices, studentSubjects, students, subjectClasses } from '../db/schema/index';
import { call, registerCbcSchool } from './cbc-junior-school';

export interface SeniorSchoolOptions {
  streams?: number;
  learnersPerClass?: number;
  combinations?: number;
  adminPhone?: string;
}

export interface SeniorSchool {
  schoolId: number;
  userId: number;
  auth: { authorization: string };
  classes: { id: number; name: string; learnerIds: number[] }[];
  pathways: PathwaysResponse;
  combinations: Combination[];
}

const STREAMS = `East West North South Central Lake Hill Valley River Forest Plain Coast`.split(
  ' ',
);

/** Three electives of one pathway at a time, in the order its tracks list them. */
function* triplesOf(pathway: PathwaysResponse['pathways'][number]) {
  const electives = pathway.tracks.flatMap((t) => t.subjects.map((s) => s.id));
  for (let a = 0; a < electives.length; a++)
    for (let b = a + 1; b < electives.length; b++)
      for (let c = b + 1; c < electives.length; c++)
        yield [electives[a]!, electives[b]!, electives[c]!];
}

export async function seedSeniorSchool(
  app: App,
  {
    streams = 12,
    learnersPerClass = 45,
    combinations = 20,
    adminPhone = '0799000010',
  }: SeniorSchoolOptions = {},
): Promise<SeniorSchool> {
  const school = await registerCbcSchool(app, adminPhone, 'Bench Senior School');
  const { auth, schoolId, userId } = school;
  const classes: SeniorSchool['classes'] = [];
  for (const stream of STREAMS.slice(0, streams)) {
    const { class: made } = await call<{ class: { id: number; name: string } }>(
      app,
      'POST',
      '/api/classes/',
      auth,
      { name: `Grade 10 ${stream}`, level: 'Grade 10' },
    );
    classes.push({ id: made.id, name: made.name, learnerIds: [] });
  }
  const pathways = await call<PathwaysResponse>(app, 'GET', '/api/senior/pathways/', auth);
  // Combinations shared out as the pathways are: about two in five STEM, as in Kenya's 2026 intake.
  const shares = [0.4, 0.4, 0.2].map((share) => Math.round(share * combinations));
  const made: Combination[] = [];
  for (const [p, pathway] of pathways.pathways.entries()) {
    const triples = triplesOf(pathway);
    for (let i = 0; i < shares[p]! && made.length < combinations; i++) {
      const triple = triples.next();
      if (triple.done) break;
      made.push(
        await call<Combination>(app, 'POST', '/api/senior/combinations/', auth, {
          pathway: pathway.id,
          subjects: triple.value,
        }),
      );
    }
  }
  const allSubjects = [
    ...pathways.core.map((c) => c.id),
    ...pathways.pathways.flatMap((p) => p.tracks.flatMap((t) => t.subjects.map((s) => s.id))),
  ];
  await app.db
    .insert(subjectClasses)
    .values(
      classes.flatMap((c) =>
        allSubjects.map((subjectId) => ({ schoolId, subjectId, classId: c.id })),
      ),
    )
    .onConflictDoNothing();
  const learners = await app.db
    .insert(students)
    .values(
      classes.flatMap((cls, c) =>
        Array.from({ length: learnersPerClass }, (_, i) => {
          const n = c * learnersPerClass + i;
          return {
            schoolId,
            classId: cls.id,
            admissionNumber: formatAdmissionNumber(n + 1),
            firstName: `Learner${n + 1}`,
            lastName: STREAMS[c]!,
            dateOfBirth: '2010-03-01',
            gender: n % 2 === 0 ? 'female' : 'male',
          };
        }),
      ),
    )
    .returning({ id: students.id, classId: students.classId });
  for (const row of learners) classes.find((c) => c.id === row.classId)!.learnerIds.push(row.id);
  const stemId = pathways.pathways.find((p) => p.core_mathematics)?.id;
  const choices = learners.map((l, i) => {
    const combination = made[i % made.length]!;
    const mathematics = combination.pathway === stemId ? ('core' as const) : ('essential' as const);
    return { learner: l.id, combination, mathematics };
  });
  await app.db.insert(seniorChoices).values(
    choices.map((c) => ({
      schoolId,
      studentId: c.learner,
      pathwayId: c.combination.pathway,
      combinationId: c.combination.id,
      mathematics: c.mathematics,
      language: 'KIS',
      fromDate: '2026-01-12',
      setBy: userId,
    })),
  );
  await app.db
    .insert(studentSubjects)
    .values(
      choices.flatMap((c) => [
        ...pathways.core
          .filter((s) =>
            takesCoreSubject(s.option, { mathematics: c.mathematics, language: 'KIS' }),
          )
          .map((s) => ({ schoolId, studentId: c.learner, subjectId: s.id })),
        ...c.combination.subjects.map((s) => ({ schoolId, studentId: c.learner, subjectId: s.id })),
      ]),
    );
  return { schoolId, userId, auth, classes, pathways, combinations: made };
}
