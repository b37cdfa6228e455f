import { randomUUID } from 'node:crypto';
import type { SmsGateway } from './types';

/** The gateway status a test-mode recipient carries: the list says "Test mode" for it. */
export const TEST_GATEWAY_STATUS = 'test';

/**
 * SMS_DRIVER=test, the default without settings: nothing leaves the machine. Every phone is
 * taken at once (status sent, no charge); the worker marks test-mode rows delivered a moment
 * later (deliverTestMessages), as a delivery report would.
 */
export const testGateway: SmsGateway = {
  name: 'test',
  send: async ({ phones }) =>
    new Map(
      phones.map((phone) => [
        phone,
        {
          outcome: 'sent',
          gatewayStatus: TEST_GATEWAY_STATUS,
          messageId: `test-${randomUUID()}`,
          costKes: null,
        },
      ]),
    ),
};
