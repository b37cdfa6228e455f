// The front door of this module: what other modules may use. Everything else is internal.

export { admissionConsentValues, consentsOf } from './consents';
export { default as privacyRoutes } from './routes';
