// The front door of this module: what other modules may use. Everything else is internal.

export { default as markHistoryRoutes } from './history-routes';
export { default as markEntryRoutes } from './mark-entry-routes';
export { default as scoreRoutes } from './routes';
