// The front door of this module: what other modules may use. Everything else is internal.
export { default as setupRoutes } from './routes';
export { setupProgress } from './service';
