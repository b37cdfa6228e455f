import type { AuditAction } from '@shule/shared/audit';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { expectStatus, login, type SignedInSchool, useTestApp } from '../../test/app';

const { t, newSchool } = useTestApp();

const ADDRESS = '196.201.214.7';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ADDRESS });

/** The school's audit entries of `action`, oldest first, as stored. */
const entriesOf = (school: SignedInSchool, action: AuditAction) =>
  t.app.db
    .select({
      schoolId: auditLog.schoolId,
      actorUserId: auditLog.actorUserId,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      address: auditLog.address,
    })
    .from(auditLog)
    .where(and(eq(auditLog.schoolId, school.schoolId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

const entry = (school: SignedInSchool) => ({
  schoolId: school.schoolId,
  actorUserId: school.userId,
  subjectType: null,
  subjectId: null,
  address: ADDRESS,
});

describe('the audit log of signing in and out', () => {
  it('records signed_in with the school, the user and the address; a wrong password records nothing', async () => {
    const school = await newSchool();
    const before = (await entriesOf(school, 'signed_in')).length;
    await expectStatus(
      post('/api/users/login/', { username: school.phone, password: 'wrong-pass1' }),
      401,
    );
    expect(await entriesOf(school, 'signed_in')).toHaveLength(before);
    await expectStatus(
      post('/api/users/login/', { username: school.phone, password: 'secret123' }),
      200,
    );
    expect((await entriesOf(school, 'signed_in')).at(-1)).toEqual(entry(school));
    expect(await entriesOf(school, 'signed_in')).toHaveLength(before + 1);
  });

  it('records signed_out once per logout, none for a token already logged out or unknown', async () => {
    const school = await newSchool();
    await expectStatus(post('/api/users/logout/', { refresh: school.refresh }), 204);
    await expectStatus(post('/api/users/logout/', { refresh: school.refresh }), 204);
    await expectStatus(post('/api/users/logout/', { refresh: 'unknown' }), 204);
    expect(await entriesOf(school, 'signed_out')).toEqual([entry(school)]);
  });

  it('records password_changed, and nothing for a refused change', async () => {
    const school = await newSchool();
    await expectStatus(
      post(
        '/api/users/change_password/',
        { current_password: 'not-it-123', new_password: 'kenya2026' },
        school.auth,
      ),
      400,
    );
    expect(await entriesOf(school, 'password_changed')).toEqual([]);
    await expectStatus(
      post(
        '/api/users/change_password/',
        { current_password: 'secret123', new_password: 'kenya2026' },
        school.auth,
      ),
      200,
    );
    expect(await entriesOf(school, 'password_changed')).toEqual([entry(school)]);
  });

  it('shows the school admin these entries in GET /api/audit_log/', async () => {
    const school = await newSchool();
    await expectStatus(post('/api/users/logout/', { refresh: school.refresh }), 204);
    const admin = await login(t.app, school.phone, 'secret123');
    const res = await expectStatus(
      t.app.inject({ method: 'GET', url: '/api/audit_log/', headers: admin.auth }),
      200,
    );
    expect(res.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'signed_in',
      'signed_out',
      'signed_in',
    ]);
  });
});
