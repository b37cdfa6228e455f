import type { SmsDriverConfig } from '../../../config';
import { africasTalkingGateway } from './africastalking';
import { testGateway } from './test-driver';
import type { SmsGateway } from './types';

/** The driver SMS_DRIVER names (config.sms.gateway). */
export function gatewayFor(settings: SmsDriverConfig): SmsGateway {
  return settings.driver === 'test' ? testGateway : africasTalkingGateway(settings);
}
