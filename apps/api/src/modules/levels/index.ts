// The front door of this module: what other modules may use. Everything else is internal.
export { default as levelRoutes } from './routes';
export { ensureLevel } from './service';
