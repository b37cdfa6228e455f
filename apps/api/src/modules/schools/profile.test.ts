import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, tooLongMessage } from '@shule/shared/fields';
import { UPLOAD_MESSAGES } from '@shule/shared/uploads';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools as schoolRows } from '../../db/schema/index';
import {
  authAs,
  expectStatus,
  login,
  OTHER_SCHOOL_MESSAGE,
  schoolRegistration,
  useTestApp,
} from '../../test/app';
import { uploadPhotoFixture } from '../../test/fixtures';
import { uploadsDir } from '../uploads/index';

const { t, call, schools, newSchool } = useTestApp('Profile High School', 'Other Profile School');
const [a, b] = schools;

const SIGNED = /^\/uploads\/[A-Za-z0-9_-]{8,64}\.png\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;
const refOf = (link: string) => link.split('?')[0]!;
const patch = (who: { schoolId: number; auth: Record<string, string> }, body: object) =>
  call('PATCH', `/api/schools/${who.schoolId}/`, who.auth, body);

describe("the school's profile (PATCH /api/schools/{id}/)", () => {
  it('an admin corrects the name, phone and email, and sets the P.O. Box, motto, county, type and levels', async () => {
    const ours = await newSchool();
    const res = await expectStatus(
      patch(ours, {
        name: ' Kenya High School ',
        phone_number: '+254 712 345 002',
        email: 'office@kenyahigh.ac.ke',
        postal_address: 'P.O. Box 30046-00100, Nairobi',
        motto: ' Strive to Excel ',
        county: 'Nairobi',
        type: 'NAT',
        levels: ['senior', 'junior'],
      }),
      200,
    );
    expect(res.json()).toMatchObject({
      name: 'Kenya High School',
      phone_number: '0712345002',
      email: 'office@kenyahigh.ac.ke',
      postal_address: 'P.O. Box 30046-00100, Nairobi',
      motto: 'Strive to Excel',
      county: 'Nairobi',
      type: 'NAT',
      levels: ['junior', 'senior'],
      logo: null,
    });
    const read = (await call('GET', `/api/schools/${ours.schoolId}/`, ours.auth)).json();
    expect(read).toMatchObject({ name: 'Kenya High School', motto: 'Strive to Excel' });
    // Fields left out stay; cleared ones go.
    const cleared = await expectStatus(patch(ours, { email: '', motto: null }), 200);
    expect(cleared.json()).toMatchObject({
      name: 'Kenya High School',
      email: null,
      motto: null,
      postal_address: 'P.O. Box 30046-00100, Nairobi',
    });
  });

  it('refuses each bad field with its message (400), changing nothing', async () => {
    const ours = await newSchool();
    const cases: [object, string, string][] = [
      [{ name: 'K' }, 'name', MESSAGES.institutionName],
      [{ phone_number: '12345' }, 'phone_number', MESSAGES.phone],
      [{ email: 'not-an-email' }, 'email', MESSAGES.email],
      [{ county: 'Kampala' }, 'county', MESSAGES.county],
      [{ type: 'Harambee' }, 'type', MESSAGES.institutionType],
      [{ levels: [] }, 'levels', MESSAGES.schoolLevels],
      [{ levels: ['university'] }, 'levels', MESSAGES.schoolLevels],
      [{ motto: 'x'.repeat(101) }, 'motto', tooLongMessage('Motto', 100)],
      [{ logo: 'https://example.com/crest.png' }, 'logo', UPLOAD_MESSAGES.crestUrl],
    ];
    for (const [body, field, message] of cases) {
      const res = await expectStatus(patch(ours, body), 400);
      expect(res.json().errors[field], JSON.stringify(body)).toContain(message);
    }
    const [row] = await t.app.db.select().from(schoolRows).where(eq(schoolRows.id, ours.schoolId));
    expect(row).toMatchObject({ motto: null, logo: null, county: 'Nairobi' });
  });

  it('sets a crest uploaded by the school, answers it signed, replaces it and removes it', async () => {
    const ours = await newSchool();
    const first = await uploadPhotoFixture(t.app, ours);
    const set = await expectStatus(patch(ours, { logo: first }), 200);
    expect(set.json().logo).toMatch(SIGNED);
    expect(refOf(set.json().logo)).toBe(refOf(first));
    const read = (await call('GET', `/api/schools/${ours.schoolId}/`, ours.auth)).json();
    expect(refOf(read.logo)).toBe(refOf(first));
    await expectStatus(call('GET', read.logo, {}), 200);

    // A new crest replaces the old, whose upload (and file) goes.
    const second = await uploadPhotoFixture(t.app, ours);
    const fileOf = (link: string) =>
      path.join(uploadsDir(t.config.dataDir), path.basename(refOf(link)));
    expect(existsSync(fileOf(first))).toBe(true);
    await expectStatus(patch(ours, { logo: second }), 200);
    expect(existsSync(fileOf(first))).toBe(false);
    // Removed: no crest, and its upload goes too.
    const removed = await expectStatus(patch(ours, { logo: null }), 200);
    expect(removed.json().logo).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);
  });

  it("refuses another school's upload as the crest (400), keeping its own", async () => {
    const ours = await newSchool();
    const own = await uploadPhotoFixture(t.app, ours);
    await expectStatus(patch(ours, { logo: own }), 200);
    const theirs = await uploadPhotoFixture(t.app, b);
    const res = await expectStatus(patch(ours, { logo: theirs }), 400, UPLOAD_MESSAGES.notOurs);
    expect(res.json().errors).toEqual({ logo: [UPLOAD_MESSAGES.notOurs] });
    const [row] = await t.app.db.select().from(schoolRows).where(eq(schoolRows.id, ours.schoolId));
    expect(row?.logo).toBe(refOf(own));
  });

  it('a teacher reads the profile but cannot change it (403); another school 403; no token 401', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    await expectStatus(call('GET', `/api/schools/${a.schoolId}/`, teacher), 200);
    await expectStatus(
      call('PATCH', `/api/schools/${a.schoolId}/`, teacher, { motto: 'Ours now' }),
      403,
    );
    await expectStatus(
      call('PATCH', `/api/schools/${b.schoolId}/`, a.auth, { name: 'Taken Over' }),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    await expectStatus(call('PATCH', `/api/schools/${a.schoolId}/`, {}, { motto: 'x' }), 401);
    const [row] = await t.app.db.select().from(schoolRows).where(eq(schoolRows.id, b.schoolId));
    expect(row).toMatchObject({ name: 'Other Profile School', motto: null });
  });
});

describe('registration: the type and the levels', () => {
  const register = (school: object) => {
    const body = schoolRegistration({ name: 'Kakamega School' });
    return {
      body,
      sent: t.app.inject({
        method: 'POST',
        url: '/api/schools/register_school/',
        payload: { ...body, school: { ...body.school, ...school } },
      }),
    };
  };

  it('keeps a public type and the levels, and the profile answers them', async () => {
    const { body, sent } = register({ type: 'XCT', levels: ['senior', 'junior'] });
    await expectStatus(sent, 201);
    const who = await login(t.app, body.admin.phone_number, body.admin.password);
    const read = (await call('GET', `/api/schools/${who.schoolId}/`, who.auth)).json();
    expect(read).toMatchObject({ type: 'XCT', levels: ['junior', 'senior'], motto: null });
  });

  it('a client from before levels registers with none; bad levels or types answer 400', async () => {
    const { body, sent } = register({});
    await expectStatus(sent, 201);
    const who = await login(t.app, body.admin.phone_number, body.admin.password);
    expect((await call('GET', `/api/schools/${who.schoolId}/`, who.auth)).json().levels).toEqual(
      [],
    );
    const badLevels = await expectStatus(register({ levels: ['university'] }).sent, 400);
    expect(badLevels.json().errors['school.levels']).toEqual([MESSAGES.schoolLevels]);
    const badType = await expectStatus(register({ type: 'Harambee' }).sent, 400);
    expect(badType.json().errors['school.type']).toEqual([MESSAGES.institutionType]);
  });
});
