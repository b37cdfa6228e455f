import type { Db } from '../../db/client';
import { readThumbnail } from '../uploads/index';
import { getSchool } from './service';

/** A school as a PDF header prints it, with its crest's thumbnail (null without one). */
export async function schoolForPrint(db: Db, dataDir: string, schoolId: number) {
  const school = await getSchool(db, schoolId);
  return { school, crest: await readThumbnail(dataDir, school.logo) };
}
