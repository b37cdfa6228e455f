import { smsParts } from '@shule/shared/messages';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageRecipients, messages } from '../../db/schema/index';
import { uniquePhone } from '../../test/app';

/**
 * For the worker's and delivery reports' tests: a message and its outbox rows written straight
 * into the tables, as POST /api/messages/ writes them (queued, due now).
 */
export async function queueMessage(
  db: Db,
  schoolId: number,
  {
    content = 'Closing day is Friday 4 April at noon.',
    phones = [uniquePhone()],
    ownTexts,
  }: {
    content?: string;
    phones?: (string | null)[];
    /** Results: each row's own text, one per phone. */
    ownTexts?: string[];
  } = {},
) {
  const [message] = await db
    .insert(messages)
    .values({
      schoolId,
      kind: ownTexts ? 'results' : 'broadcast',
      content: ownTexts ? 'Mock results: each parent gets their own child’s' : content,
      classIds: [],
      classNames: ['Form 1 East'],
    })
    .returning({ id: messages.id });
  const rows = await db
    .insert(messageRecipients)
    .values(
      phones.map((phoneNumber, i) => ({
        messageId: message!.id,
        schoolId,
        phoneNumber,
        content: ownTexts?.[i] ?? null,
        parts: smsParts(ownTexts?.[i] ?? content).parts,
      })),
    )
    .returning({ id: messageRecipients.id });
  return { messageId: message!.id, ids: rows.map((r) => r.id) };
}

/** The rows of these ids, in id order. */
export async function rowsOf(db: Db, ids: number[]) {
  const rows = await db.select().from(messageRecipients).where(inArray(messageRecipients.id, ids));
  return rows.sort((a, b) => a.id - b.id);
}

export async function rowOf(db: Db, id: number) {
  const [row] = await db.select().from(messageRecipients).where(eq(messageRecipients.id, id));
  if (!row) throw new Error(`no recipient ${id}`);
  return row;
}
