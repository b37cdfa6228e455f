import { type AuditLogResponse, auditLogResponse } from '@shule/shared/audit';
import { PAGINATION_MESSAGES } from '@shule/shared/pagination';
import { describe, expect, it } from 'vitest';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { addTeacherFixture, createClassFixture, signedInTeacher } from '../../test/fixtures';
import { recordAudit } from './record';

const { t, schools, call, newSchool } = useTestApp('Alliance Girls High School', 'Lenana School');
const [ours, theirs] = schools;

const auditLog = (who: SignedInSchool | null, query = '') =>
  call('GET', `/api/audit_log/${query}`, who?.auth ?? {});

async function pageOf(who: SignedInSchool, query = ''): Promise<AuditLogResponse> {
  const res = await expectStatus(auditLog(who, query), 200);
  return auditLogResponse.parse(res.json());
}

describe('GET /api/audit_log/', () => {
  it("answers the school's entries, newest first, with who, what, when and from where", async () => {
    const school = await newSchool('Kenya High School');
    const first = await addTeacherFixture(t.app, school, { first_name: 'Akinyi' });
    const second = await addTeacherFixture(t.app, school, { first_name: 'Otieno' });
    const page = await pageOf(school, '?action=user_added');
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 50 });
    expect(page.entries).toEqual([
      {
        id: expect.any(Number),
        action: 'user_added',
        actor_id: school.userId,
        actor_name: 'Jane Wanjiku',
        subject_type: 'user',
        subject_id: second.teacher.user.id,
        subject_name: `Otieno ${second.teacher.user.last_name}`,
        address: '127.0.0.1',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
      expect.objectContaining({ action: 'user_added', subject_id: first.teacher.user.id }),
    ]);
    expect(Date.parse(page.entries[0]!.created_at)).toBeLessThanOrEqual(Date.now());
  });

  it('pages like the other lists and filters by action', async () => {
    const school = await newSchool();
    for (const action of ['signed_in', 'consent_changed', 'signed_in'] as const) {
      await recordAudit(t.app.db, {
        schoolId: school.schoolId,
        actorUserId: school.userId,
        action,
        address: '10.0.0.7',
      });
    }
    // After the signed_in of the admin's own login (newSchool).
    const second = await pageOf(school, '?page=2&page_size=2');
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 2 });
    expect(second.entries.map((e) => e.action)).toEqual(['signed_in', 'signed_in']);
    const past = await pageOf(school, '?page=9&page_size=2');
    expect(past).toMatchObject({ entries: [], total: 4 });
    const signIns = await pageOf(school, '?action=signed_in');
    expect(signIns.total).toBe(3);
    expect(signIns.entries.every((e) => e.action === 'signed_in' && e.subject_id === null)).toBe(
      true,
    );
  });

  it('names the class or staff user an entry is about, of this school only; never a student', async () => {
    const school = await newSchool();
    const form1 = await createClassFixture(t.app, school, 'Form 1 East');
    const theirClass = await createClassFixture(t.app, theirs, 'Form 4 West');
    const about = [
      { subjectType: 'class', subjectId: form1.id },
      { subjectType: 'class', subjectId: theirClass.id },
      { subjectType: 'user', subjectId: theirs.userId },
      { subjectType: 'student', subjectId: 21 },
    ] as const;
    for (const subject of about) {
      await recordAudit(t.app.db, {
        schoolId: school.schoolId,
        actorUserId: school.userId,
        action: 'register_taken',
        address: null,
        ...subject,
      });
    }
    const entries = (await pageOf(school, '?action=register_taken')).entries.reverse();
    expect(entries.map((e) => [e.subject_type, e.subject_name])).toEqual([
      ['class', 'Form 1 East'],
      ['class', null],
      ['user', null],
      ['student', null],
    ]);
  });

  it('keeps the entry of a user since removed, without a name', async () => {
    const school = await newSchool();
    await recordAudit(t.app.db, {
      schoolId: school.schoolId,
      actorUserId: 2_000_000_000,
      action: 'signed_out',
      address: null,
    });
    const [entry] = (await pageOf(school)).entries;
    expect(entry).toMatchObject({ actor_id: 2_000_000_000, actor_name: null, address: null });
  });

  it("never shows another school's entries, nor those of users without a school", async () => {
    await addTeacherFixture(t.app, theirs);
    await recordAudit(t.app.db, {
      schoolId: null,
      actorUserId: null,
      action: 'signed_in',
      address: '10.0.0.8',
    });
    const theirEntries = (await pageOf(theirs)).entries;
    expect(theirEntries.length).toBeGreaterThan(0);
    const ourEntries = (await pageOf(ours)).entries;
    const theirIds = new Set(theirEntries.map((e) => e.id));
    expect(ourEntries.some((e) => theirIds.has(e.id))).toBe(false);
    expect(ourEntries.some((e) => e.address === '10.0.0.8')).toBe(false);
    // ?school= is not a parameter here: the school is the token's.
    const asked = await pageOf(ours, `?school=${theirs.schoolId}`);
    expect(asked.entries.some((e) => theirIds.has(e.id))).toBe(false);
  });

  it('answers 400 with the message of a bad page, page size or action', async () => {
    await expectStatus(auditLog(ours, '?page=0'), 400, PAGINATION_MESSAGES.page);
    await expectStatus(auditLog(ours, '?page_size=101'), 400, PAGINATION_MESSAGES.pageSize);
    await expectStatus(auditLog(ours, '?action=deleted'), 400, 'Choose an action from the list');
  });

  it('answers 401 without a token and 403 to a teacher', async () => {
    await expectStatus(auditLog(null), 401);
    await expectStatus(auditLog(await signedInTeacher(t.app, ours)), 403);
  });
});
