import type { Message } from '@shule/shared/messages';

/** A message of school 7 as the list and the detail answer it: sent to Form 4 East, all there. */
export const message = (id: number, changes: Partial<Message> = {}): Message => ({
  id,
  kind: 'broadcast',
  content: 'School closes on Friday at noon.',
  class_names: ['Form 4 East'],
  exam: null,
  status: 'sent',
  recipients: 3,
  counts: { queued: 0, sending: 0, sent: 1, delivered: 2, failed: 0 },
  skipped_no_consent: 0,
  skipped_opted_out: 0,
  parts: 1,
  estimated_cost: '2.40',
  cost: '2.40',
  test_mode: false,
  created_at: '2026-11-26T11:02:00.000Z',
  ...changes,
});
