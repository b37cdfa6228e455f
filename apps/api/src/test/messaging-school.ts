import type { ConsentStatus } from '@shule/shared/consents';
import type { StudentRow } from '@shule/shared/students';
import { eq } from 'drizzle-orm';
import type { App } from '../app';
import { parents, students } from '../db/schema/index';
import { type SignedInSchool, uniquePhone } from './app';
import { admitFixture, createClassFixture } from './fixtures';

/** A parent as an admission names them: a new phone each time unless one is given. */
export const parentNamed = (first_name: string, phone_number = uniquePhone()) => ({
  first_name,
  last_name: 'Parent',
  phone_number,
});

/** Admits `first` into `classId` with `parent` and the parent's SMS consent `sms`. */
export const admitWithSms = (
  app: App,
  who: SignedInSchool,
  classId: number,
  first: string,
  parent: ReturnType<typeof parentNamed>,
  sms: ConsentStatus = 'granted',
): Promise<StudentRow> =>
  admitFixture(app, who, classId, {
    first_name: first,
    last_name: 'Student',
    parent,
    consents: { photos: 'unknown', sms },
  });

/**
 * Two classes of a school (Form 1 East and West) whose parents cover every case of the
 * selection, as they would be admitted:
 * - Achieng (East) and her brother Baraka (West) share their mother Mama Achieng (consent
 *   granted for Achieng only): one SMS to a class of either, one for both;
 * - Chebet (East): her father granted consent;
 * - Daudi (East): consent refused;
 * - Ekaru (East): consent unknown;
 * - Faraji (West): granted, but his parent opted out of SMS;
 * - Gathoni (East): granted, left the school (inactive);
 * - Hassan (West): granted, erased.
 * East reaches 2 (Mama Achieng, Baba Chebet) and leaves 2 without consent; West reaches none
 * (Mama Achieng has no consent for Baraka; Baba Faraji opted out); both reach 2, leave 2
 * without consent and 1 opted out.
 */
export async function messagingSchool(app: App, who: SignedInSchool) {
  const east = (await createClassFixture(app, who, 'Form 1 East')).id;
  const west = (await createClassFixture(app, who, 'Form 1 West')).id;
  const mother = parentNamed('Mama Achieng');
  const achieng = await admitWithSms(app, who, east, 'Achieng', mother, 'granted');
  const baraka = await admitWithSms(app, who, west, 'Baraka', mother, 'unknown');
  const chebet = await admitWithSms(app, who, east, 'Chebet', parentNamed('Baba Chebet'));
  const daudi = await admitWithSms(app, who, east, 'Daudi', parentNamed('Baba Daudi'), 'refused');
  const ekaru = await admitWithSms(app, who, east, 'Ekaru', parentNamed('Mama Ekaru'), 'unknown');
  const faraji = await admitWithSms(app, who, west, 'Faraji', parentNamed('Baba Faraji'));
  const gathoni = await admitWithSms(app, who, east, 'Gathoni', parentNamed('Mama Gathoni'));
  const hassan = await admitWithSms(app, who, west, 'Hassan', parentNamed('Baba Hassan'));
  await app.db.update(parents).set({ smsOptOut: true }).where(eq(parents.id, faraji.parent!.id));
  await app.db.update(students).set({ isActive: false }).where(eq(students.id, gathoni.id));
  await app.db.update(students).set({ erasedAt: new Date() }).where(eq(students.id, hassan.id));
  return { east, west, mother, achieng, baraka, chebet, daudi, ekaru, faraji, gathoni, hassan };
}
export type MessagingSchool = Awaited<ReturnType<typeof messagingSchool>>;
