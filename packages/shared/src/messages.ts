import { z } from 'zod';
import { boundedText, idField, required, schoolRef } from './fields';
import { pageFields, paginationQuery } from './pagination';

/**
 * SMS to parents (docs/decisions/014-sms-outbox.md): a message is stored with one recipient
 * row per parent phone, and a worker sends those rows through the SMS gateway.
 */

/**
 * A broadcast to the parents of chosen classes, each student's own results of an exam, each
 * student's own fee balance (a reminder), or a notice that a child was marked absent.
 */
export const MESSAGE_KINDS = ['broadcast', 'results', 'fee_reminder', 'absence'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Kinds whose every recipient row carries its own text about one student (the message's own
 * content only describes the send): the worker sends the row's text and nothing else, and the
 * screens count students, not parents. One list for the worker, the API and the screens.
 */
export const PERSONAL_MESSAGE_KINDS = [
  'results',
  'fee_reminder',
  'absence',
] as const satisfies readonly MessageKind[];
export const isPersonalMessage = (kind: MessageKind) =>
  (PERSONAL_MESSAGE_KINDS as readonly MessageKind[]).includes(kind);

/** One SMS to one phone: queued → sending → sent → delivered, or failed. */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** A message's badge: Sending yellow, Sent green, Failed red. */
export const MESSAGE_STATUSES = ['sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export type RecipientCounts = Record<RecipientStatus, number>;

/** Sending while any recipient waits; then Failed if any failed, else Sent. */
export function messageStatusOf(counts: RecipientCounts): MessageStatus {
  if (counts.queued > 0 || counts.sending > 0) return 'sending';
  return counts.failed > 0 ? 'failed' : 'sent';
}

// ── SMS parts ────────────────────────────────────────────────────────────────────────────────

/** GSM 03.38's basic set: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38's extension table: an escape and the character, two septets each. */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** SMS parts the gateway bills: 0 for an empty text. */
  parts: number;
  /** Units one part holds at this length: 160/70 for one part, 153/67 once split. */
  perPart: number;
}

/**
 * How many SMS parts a text costs: 160 GSM-7 characters in one part, 153 each once split; as
 * soon as one character is outside GSM-7 (an emoji, a curly quote) the whole text is UCS-2, 70
 * in one part and 67 each once split. An extension character (€, [, ]) takes two septets; an
 * emoji outside the BMP takes two UCS-2 units.
 */
export function smsParts(text: string): SmsParts {
  let septets = 0;
  let gsm7 = true;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm7 = false;
      break;
    }
  }
  const [units, single, multi] = gsm7 ? [septets, 160, 153] : [text.length, 70, 67];
  if (units === 0) return { encoding: 'GSM-7', units: 0, parts: 0, perPart: single };
  const parts = units <= single ? 1 : Math.ceil(units / multi);
  return {
    encoding: gsm7 ? 'GSM-7' : 'UCS-2',
    units,
    parts,
    perPart: parts === 1 ? single : multi,
  };
}

/** The longest message a school may send: six parts (918 GSM-7 characters, 402 UCS-2). */
export const MAX_SMS_PARTS = 6;

export const MESSAGE_MESSAGES = {
  content: required('Message'),
  contentTooLong: `Message must fit in ${MAX_SMS_PARTS} SMS parts`,
  classes: 'Choose at least one class',
  noReachableParent:
    'No parent in these classes can get this SMS: add parents with phone numbers, or record their SMS consent',
  optOut: 'Say whether the parent wants SMS (true or false)',
} as const;

/** Whatever a message says: trimmed, lines allowed, at most MAX_SMS_PARTS parts. */
export const messageContentField = boundedText(
  z.string({ error: MESSAGE_MESSAGES.content }).trim().min(1, MESSAGE_MESSAGES.content),
  'Message',
  { max: 1000, multiline: true },
).refine((v) => smsParts(v).parts <= MAX_SMS_PARTS, MESSAGE_MESSAGES.contentTooLong);

/** POST /api/messages/: `classes`, `content`, `school`. */
export const sendMessageBody = z.object({
  school: schoolRef,
  classes: z
    .array(idField('Class'), { error: MESSAGE_MESSAGES.classes })
    .min(1, MESSAGE_MESSAGES.classes)
    .max(200, 'Choose at most 200 classes'),
  content: messageContentField,
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

const classIdField = idField('Class');

/**
 * `?classes=1,2`: class ids, comma-separated, at least one. A bad id is reported on the
 * parameter itself (`errors.classes`), as a query string has no parts of its own.
 */
export const classIdsParam = z
  .string({ error: MESSAGE_MESSAGES.classes })
  .transform((v, ctx): number[] => {
    const ids: number[] = [];
    for (const part of v.split(',')) {
      if (part.trim() === '') continue;
      const id = classIdField.safeParse(part);
      if (!id.success) {
        ctx.addIssue({ code: 'custom', message: id.error.issues[0]!.message });
        return z.NEVER;
      }
      ids.push(id.data);
    }
    if (ids.length === 0 || ids.length > 200) {
      ctx.addIssue({
        code: 'custom',
        message: ids.length === 0 ? MESSAGE_MESSAGES.classes : 'Choose at most 200 classes',
      });
      return z.NEVER;
    }
    return ids;
  });

/** The Kenyan local form (0712345678) as a gateway takes it (+254712345678). */
export const internationalPhone = (local: string) => `+254${local.slice(1)}`;

/** Shillings from cents, exactly: 1280 → "12.80". */
export const kesFromCents = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

const recipientCountsSchema = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});

/** One message of the list, with its recipients counted by status. */
export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  content: z.string(),
  /** The chosen classes' names when sent. */
  class_names: z.array(z.string()),
  exam: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(MESSAGE_STATUSES),
  recipients: z.number().int(),
  counts: recipientCountsSchema,
  skipped_no_consent: z.number().int(),
  skipped_opted_out: z.number().int(),
  /** Parts of one SMS (for results, the most any student's text takes). */
  parts: z.number().int(),
  /** Shillings, exact decimal strings: the estimate when sent, and what the gateway charged. */
  estimated_cost: z.string(),
  cost: z.string().nullable(),
  test_mode: z.boolean(),
  /** ISO 8601 */
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** The gateway is out of credit: sending waits until `resume_at` (an admin tops up). */
export const gatewayHoldSchema = z
  .object({ reason: z.string(), held_at: z.string(), resume_at: z.string() })
  .nullable();

/** Whether SMS leave the machine (SMS_DRIVER), and whether the gateway holds the queue. */
export const smsGatewayState = {
  /** SMS_DRIVER=test: every screen that shows messages says TEST_MODE_NOTICE. */
  test_mode: z.boolean(),
  hold: gatewayHoldSchema,
};
export const TEST_MODE_NOTICE = 'Test mode: SMS not configured';

/** GET /api/messages/audience/?classes=1,2: whom a message to these classes would reach. */
export const messageAudienceQuery = z.object({ school: schoolRef, classes: classIdsParam });
export const messageAudienceResponse = z.object({
  /** Distinct parent phones that would get it. */
  recipients: z.number().int(),
  skipped_no_consent: z.number().int(),
  skipped_opted_out: z.number().int(),
  /** Shillings one SMS part costs (SMS_PRICE_PER_PART_KES), for the composer's estimate. */
  price_per_part: z.string(),
  ...smsGatewayState,
});
export type MessageAudience = z.infer<typeof messageAudienceResponse>;

/** GET /api/messages/?school=&page=&page_size=: newest first. */
export const messageListQuery = paginationQuery.extend({
  school: schoolRef,
});
export const messageListResponse = z.object({
  messages: z.array(messageSchema),
  ...pageFields,
  ...smsGatewayState,
});
export type MessageListResponse = z.infer<typeof messageListResponse>;

/** One recipient in a message's detail (admins only). */
export const messageRecipientSchema = z.object({
  id: z.number().int(),
  parent_name: z.string().nullable(),
  /** For results: the child the message is about. */
  student_name: z.string().nullable(),
  /** Local form; null once the parent's data was erased. */
  phone_number: z.string().nullable(),
  /** This recipient's own text when it differs from the message's (results). */
  content: z.string().nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  /** Why it failed (or why it waits), in words. */
  reason: z.string().nullable(),
  cost: z.string().nullable(),
  updated_at: z.string(),
});
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

/** GET /api/messages/{id}/ */
export const messageDetailResponse = z.object({
  message: messageSchema,
  recipients: z.array(messageRecipientSchema),
  ...smsGatewayState,
});
export type MessageDetailResponse = z.infer<typeof messageDetailResponse>;

/** POST /api/messages/ and POST /api/exams/{id}/results_sms/: 201, queued. */
export const sendMessageResponse = z.object({
  message: messageSchema,
  /** e.g. "Message queued for 45 parents" */
  detail: z.string(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/** PATCH /api/parents/{id}/sms/ (admin): the parent does (not) want SMS. */
export const parentSmsBody = z.object({
  opted_out: z.boolean({ error: MESSAGE_MESSAGES.optOut }),
});
export const parentSmsResponse = z.object({
  parent: z.object({ id: z.number().int(), sms_opt_out: z.boolean() }),
});

// ── Results by SMS ───────────────────────────────────────────────────────────────────────────

/**
 * `?classes=1,2` or none: the exam's classes to send each parent their child's results for
 * (all the exam's classes when absent).
 */
export const resultsSmsQuery = z.object({
  school: schoolRef,
  classes: classIdsParam.optional(),
});
/** POST /api/exams/{id}/results_sms/ */
export const resultsSmsBody = z.object({
  school: schoolRef,
  classes: z.array(idField('Class')).max(200).optional(),
});
/** GET /api/exams/{id}/results_sms/: what sending would do, with one student's text. */
export const resultsSmsPreview = z.object({
  exam: z.object({ id: z.number().int(), name: z.string() }),
  recipients: z.number().int(),
  skipped_no_consent: z.number().int(),
  skipped_opted_out: z.number().int(),
  estimated_cost: z.string(),
  sample: z
    .object({
      student_name: z.string(),
      admission_number: z.string(),
      content: z.string(),
      parts: z.number().int(),
    })
    .nullable(),
  ...smsGatewayState,
});
export type ResultsSmsPreview = z.infer<typeof resultsSmsPreview>;

/**
 * To whom: "Form 4 East parents, Form 3 West parents", the exam whose results each got, or a
 * fee reminder's or an absence notice's classes.
 */
export function recipientsText(message: Pick<Message, 'kind' | 'class_names' | 'exam'>) {
  const classes = message.class_names.map((name) => `${name} parents`).join(', ');
  if (message.kind === 'results')
    return `Results of ${message.exam?.name ?? 'an exam'}${classes ? ` · ${classes}` : ''}`;
  if (message.kind === 'fee_reminder') return `Fee reminders${classes ? ` · ${classes}` : ''}`;
  if (message.kind === 'absence') return `Absence notices${classes ? ` · ${classes}` : ''}`;
  return classes || 'Parents';
}
