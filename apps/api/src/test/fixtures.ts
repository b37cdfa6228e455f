/**
 * Records created through the API as a user would (classes, teachers, students), for the people
 * modules' tests.
 */
import type { ClassRow } from '@shule/shared/classes';
import type { AdmitStudentBody, StudentRow } from '@shule/shared/students';
import type { CreateTeacherBody, TeacherRow } from '@shule/shared/teachers';
import type { App } from '../app';
import { login, type SignedInSchool, uniquePhone } from './app';

export async function createClassFixture(
  app: App,
  school: SignedInSchool,
  name: string,
): Promise<ClassRow> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/classes/?school=${school.schoolId}`,
    headers: school.auth,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`create class failed: ${res.body}`);
  return res.json().class;
}

let tscCounter = 0;
export async function addTeacherFixture(
  app: App,
  school: SignedInSchool,
  overrides: Partial<CreateTeacherBody> = {},
): Promise<{ teacher: TeacherRow; message: string; password: string; phone: string }> {
  tscCounter += 1;
  const phone = overrides.phone_number ?? uniquePhone();
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/teachers/',
    headers: school.auth,
    payload: {
      first_name: 'Peter',
      last_name: 'Otieno',
      tsc_number: `TSC${100000 + tscCounter}`,
      role: 'teacher',
      school: school.schoolId,
      ...overrides,
      phone_number: phone,
    },
  });
  if (res.statusCode !== 201) throw new Error(`add teacher failed: ${res.body}`);
  const { teacher, message } = res.json();
  const password = /one-time password (\S+);/.exec(message)?.[1];
  if (!password) throw new Error(`no password in: ${message}`);
  return { teacher, message, password, phone };
}

/** What the teachers of the fixtures change their one-time password to. */
export const OWN_PASSWORD = 'my-own-pass1';

/**
 * Signs in with a one-time password and replaces it with OWN_PASSWORD, as a new teacher must
 * before anything else: the session with the tokens the change answers.
 */
export async function signInChangingPassword(
  app: App,
  phone: string,
  oneTimePassword: string,
): Promise<SignedInSchool> {
  const first = await login(app, phone, oneTimePassword);
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/change_password/',
    headers: first.auth,
    payload: { current_password: oneTimePassword, new_password: OWN_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`change password failed: ${res.body}`);
  const { access, refresh } = res.json().tokens;
  return { ...first, token: access, refresh, auth: { authorization: `Bearer ${access}` } };
}

/** A new teacher of `school`, signed in with a password of their own. */
export async function signedInTeacher(app: App, school: SignedInSchool) {
  const { phone, password } = await addTeacherFixture(app, school);
  return signInChangingPassword(app, phone, password);
}

export function studentBody(overrides: Partial<AdmitStudentBody> = {}): AdmitStudentBody {
  return {
    first_name: 'Amani',
    last_name: 'Mwangi',
    date_of_birth: '2012-05-14',
    gender: 'female',
    parent: {
      first_name: 'Grace',
      last_name: 'Mwangi',
      email: 'grace@example.com',
      phone_number: uniquePhone(),
    },
    ...overrides,
  };
}

export async function admitFixture(
  app: App,
  school: SignedInSchool,
  classId: number,
  overrides: Partial<AdmitStudentBody> = {},
): Promise<StudentRow> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/add_student`,
    headers: school.auth,
    payload: studentBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`admit failed: ${res.body}`);
  return res.json().student;
}

/** A real 1×1 PNG, uploaded for `school` as its admin would: answers the signed link. */
export async function uploadPhotoFixture(app: App, school: SignedInSchool): Promise<string> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
    'base64',
  );
  const boundary = 'shule-fixture-boundary';
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...school.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return res.json().secure_url;
}

/** The stored reference of a photo link: `/uploads/<name>` without its signature. */
export const photoRefOf = (link: string) => link.split('?')[0]!;

/** The school's CBC learning areas of `levelName` (its defaults once a class is on it), by name. */
export async function learningAreasOf(app: App, school: SignedInSchool, levelName: string) {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: school.auth });
    if (res.statusCode !== 200) throw new Error(`GET ${url} failed: ${res.body}`);
    return res.json();
  };
  const { levels } = await get('/api/levels/');
  const level = levels.find((l: { name: string }) => l.name === levelName);
  if (!level) throw new Error(`no level ${levelName}`);
  const { learning_areas } = await get(`/api/cbc/learning_areas/?level=${level.id}`);
  return (name: string): { id: number; name: string } => {
    const area = learning_areas.find((a: { name: string }) => a.name === name);
    if (!area) throw new Error(`no learning area ${name} in ${levelName}`);
    return area;
  };
}
