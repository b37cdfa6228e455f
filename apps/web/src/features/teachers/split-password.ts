import { teacherCreatedMessage, teacherLinkedMessage } from '@shule/shared/teachers';

/** The messages a one-time password comes in: a new teacher's, or an existing account's taken in. */
const TEMPLATES = [teacherCreatedMessage, teacherLinkedMessage];

/** The one-time password inside the server's success message, found through its template. */
export function splitPassword(message: string, phone: string) {
  const marker = '\u0000';
  for (const template of TEMPLATES) {
    const [before = '', after = ''] = template(phone, marker).split(marker);
    if (!message.startsWith(before) || !message.endsWith(after)) continue;
    const password = message.slice(before.length, message.length - after.length);
    if (password && !/\s/.test(password)) return { before, password, after };
  }
  return null;
}
