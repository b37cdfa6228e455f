// The front door of this module: what other modules may use. Everything else is internal.

export { schoolForPrint } from './print';
export { registrationRoutes, schoolSettingsRoutes } from './routes';
