import { teacherCreatedMessage } from '@shule/shared/teachers';

/** The one-time password inside the server's success message, found through its template. */
export function splitPassword(message: string, phone: string) {
  const marker = '\u0000';
  const [before = '', after = ''] = teacherCreatedMessage(phone, marker).split(marker);
  if (!message.startsWith(before) || !message.endsWith(after)) return null;
  const password = message.slice(before.length, message.length - after.length);
  return password && !/\s/.test(password) ? { before, password, after } : null;
}
