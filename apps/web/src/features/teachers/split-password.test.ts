import { teacherCreatedMessage, teacherLinkedMessage } from '@shule/shared/teachers';
import { describe, expect, it } from 'vitest';
import { splitPassword } from './split-password';

describe('splitPassword', () => {
  it('finds the one-time password in the server message, whatever the words around it', () => {
    const message = teacherCreatedMessage('0712345678', 'aB3dE5fG');
    const parts = splitPassword(message, '0712345678');
    expect(parts?.password).toBe('aB3dE5fG');
    expect(`${parts?.before}${parts?.password}${parts?.after}`).toBe(message);
  });

  it('finds it in the message for a phone that already had an account', () => {
    const message = teacherLinkedMessage('0712345678', 'Kp7mQ2xR9a');
    expect(splitPassword(message, '0712345678')?.password).toBe('Kp7mQ2xR9a');
  });

  it('gives up (so the message is shown whole) when the message is not the template', () => {
    expect(splitPassword('Teacher added.', '0712345678')).toBeNull();
    expect(splitPassword(teacherCreatedMessage('0799999999', 'x1'), '0712345678')).toBeNull();
  });
});
