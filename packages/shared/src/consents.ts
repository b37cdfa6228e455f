import { z } from 'zod';
import { changesOf, idField } from './fields';

/**
 * A parent's consent to what a school does with their child's data (Data Protection Act 2019,
 * s.33): photos of the child, and SMS to the parent. "unknown" until a parent has been asked,
 * and for every student admitted before consents were recorded; only "granted" allows.
 */
export const CONSENT_STATUSES = ['granted', 'refused', 'unknown'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export const CONSENT_KINDS = ['photos', 'sms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_MESSAGES = {
  status: 'Consent must be granted, refused or unknown',
  noPhotoConsent: 'The parent has not consented to photos',
  noSmsConsent: 'The parent has not consented to SMS',
} as const;

export const CONSENT_LABELS: Record<ConsentKind, string> = {
  photos: 'Photos of the child',
  sms: 'SMS to the parent',
};
export const CONSENT_STATUS_LABELS: Record<ConsentStatus, string> = {
  granted: 'Granted',
  refused: 'Refused',
  unknown: 'Not asked yet',
};

/**
 * The words schools write for a consent in a register or an import file, any case: yes and
 * granted words grant, no and refused words refuse, an empty cell (or "not asked") is not asked.
 */
const CONSENT_WORDS: Record<string, ConsentStatus> = {
  granted: 'granted',
  given: 'granted',
  yes: 'granted',
  y: 'granted',
  consented: 'granted',
  refused: 'refused',
  no: 'refused',
  n: 'refused',
  declined: 'refused',
  '': 'unknown',
  unknown: 'unknown',
  notasked: 'unknown',
  notaskedyet: 'unknown',
};

/** A consent as a school wrote it ("Yes", "N", "Given", blank); undefined for other words. */
export const readConsentWord = (text: string): ConsentStatus | undefined =>
  CONSENT_WORDS[text.toLowerCase().replace(/[\s._-]/g, '')];

/** The one rule: a photo may be kept, an SMS sent, only when the parent said yes. */
export const isConsented = (status: ConsentStatus) => status === 'granted';

export const consentStatusField = z.enum(CONSENT_STATUSES, { error: CONSENT_MESSAGES.status });

/** `consents` of an admission: each kind optional, "unknown" when not sent. */
export const admissionConsentsBody = z
  .object(
    {
      photos: consentStatusField.default('unknown'),
      sms: consentStatusField.default('unknown'),
    },
    { error: 'Consents must be an object of photos and sms' },
  )
  .default({ photos: 'unknown', sms: 'unknown' });
export type AdmissionConsents = z.output<typeof admissionConsentsBody>;

/** PATCH /api/students/{id}/consents/ (admin): one or both kinds. */
export const updateConsentsBody = changesOf({
  photos: consentStatusField,
  sms: consentStatusField,
});
export type UpdateConsentsBody = z.input<typeof updateConsentsBody>;

/** One consent as recorded: its status, when and by which user (null while unknown). */
export const consentRecordSchema = z.object({
  status: consentStatusField,
  /** ISO 8601 */
  recorded_at: z.string().nullable(),
  recorded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const studentConsentsSchema = z.object({
  photos: consentRecordSchema,
  sms: consentRecordSchema,
});
export type StudentConsents = z.infer<typeof studentConsentsSchema>;

/** At most this many students a request (a class is rarely above 60). */
export const MAX_CLASS_CONSENTS = 200;

export const CLASS_CONSENT_MESSAGES = {
  students: `Send the students of the class, 1 to ${MAX_CLASS_CONSENTS}, each once`,
  notInClass: (id: number) => `Student #${id} is not in this class`,
} as const;

/** A student of a class with their parent and consents, as the class's consent screen lists them. */
export const classConsentStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  /** null when the student has no parent recorded (erased or removed). */
  parent: z
    .object({ first_name: z.string(), last_name: z.string(), phone_number: z.string() })
    .nullable(),
  sms: consentRecordSchema.pick({ status: true, recorded_at: true }),
  photos: consentRecordSchema.pick({ status: true, recorded_at: true }),
});
export type ClassConsentStudent = z.infer<typeof classConsentStudentSchema>;

/** GET and PUT /api/classes/{id}/consents/: the class's active students, by name. */
export const classConsentsSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string() }),
  students: z.array(classConsentStudentSchema),
  /** PUT: how many consents changed (each one audit-logged as consent_changed). */
  changed: z.number().int().optional(),
});
export type ClassConsents = z.infer<typeof classConsentsSchema>;

/**
 * PUT /api/classes/{id}/consents/ (admin): the consents of many students of the class in one
 * request, each kind optional; a kind equal to what is held changes nothing.
 */
export const updateClassConsentsBody = z.object({
  students: z
    .array(
      z.object({
        id: idField('Student'),
        sms: consentStatusField.optional(),
        photos: consentStatusField.optional(),
      }),
      { error: CLASS_CONSENT_MESSAGES.students },
    )
    .min(1, CLASS_CONSENT_MESSAGES.students)
    .max(MAX_CLASS_CONSENTS, CLASS_CONSENT_MESSAGES.students)
    .refine((s) => new Set(s.map((x) => x.id)).size === s.length, CLASS_CONSENT_MESSAGES.students),
});
export type UpdateClassConsentsBody = z.input<typeof updateClassConsentsBody>;
export type ClassConsentChanges = z.output<typeof updateClassConsentsBody>;
