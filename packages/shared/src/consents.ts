import { z } from 'zod';
import { changesOf } from './fields';

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
