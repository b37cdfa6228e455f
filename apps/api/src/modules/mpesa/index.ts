// The front door of this module: what other modules may use. Everything else is internal.
export { default as mpesaCallbackRoutes } from './callback-routes';
export { default as mpesaRoutes } from './routes';
