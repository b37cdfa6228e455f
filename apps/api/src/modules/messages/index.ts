// The front door of this module: what other modules may use. Everything else is internal.

export { queueAccountSms } from './account-sms';
export type { ClassRef, PersonalSmsTally } from './audience';
export {
  audienceStudents,
  classesOfSchool,
  noReachableParent,
  parentVerdicts,
  tallyPersonalSms,
} from './audience';
export { default as deliveryReportRoutes } from './delivery-report-routes';
export { testGateway } from './gateways/test-driver';
export type { SmsGateway, SmsSend } from './gateways/types';
export { CHILD_ERASED_REASON, sendDueBatch } from './outbox-worker';
export { default as messageRoutes } from './routes';
export type { OutboxRow } from './service';
export { estimateCents, gatewayState, getMessageRow, storeMessage } from './service';
