// The front door of this module: what other modules may use. Everything else is internal.

export type { CodeDeps } from './one-time-codes';
export { sendCodeOrNotice, takeCode } from './one-time-codes';
export { hashPassword, verifyPassword } from './passwords';
export { accountRoutes, codeDepsOf, sessionRoutes, signUpLimit } from './routes';
export { PHONE_TAKEN_MESSAGE } from './service';
export { endSessionsIn, forgetSessionVersion, raiseSessionVersion } from './sessions';
export { checkPasswordThrottled, retryAfterHeader } from './throttle';
export { grantRole, isPhoneTaken } from './users';
