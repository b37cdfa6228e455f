import { z } from 'zod';
import { boundedText } from './fields';

/**
 * Africa's Talking's delivery report: a form post to POST /api/sms/delivery_reports/{token}
 * (Africa's Talking's SMS API documentation). Field names are the gateway's.
 */
export const DELIVERY_REPORT_STATUSES = [
  'Sent',
  'Submitted',
  'Buffered',
  'Rejected',
  'Success',
  'Failed',
  'AbsentSubscriber',
  'Expired',
] as const;
export type DeliveryReportStatus = (typeof DELIVERY_REPORT_STATUSES)[number];

export const DELIVERY_REPORT_MESSAGES = {
  id: 'id is required: the gateway’s message id',
  status: `status must be one of ${DELIVERY_REPORT_STATUSES.join(', ')}`,
} as const;

const optionalText = (label: string) => boundedText(z.string(), label, { max: 100 }).optional();

export const deliveryReportBody = z.object({
  id: boundedText(
    z.string({ error: DELIVERY_REPORT_MESSAGES.id }).trim().min(1, DELIVERY_REPORT_MESSAGES.id),
    'id',
    { max: 100 },
  ),
  status: z.enum(DELIVERY_REPORT_STATUSES, { error: DELIVERY_REPORT_MESSAGES.status }),
  phoneNumber: optionalText('phoneNumber'),
  networkCode: optionalText('networkCode'),
  failureReason: optionalText('failureReason'),
  retryCount: optionalText('retryCount'),
});
export type DeliveryReportBody = z.input<typeof deliveryReportBody>;

/** 200: the report was taken; `changed` is false for a replay or a report that changes nothing. */
export const deliveryReportResponse = z.object({ changed: z.boolean() });
