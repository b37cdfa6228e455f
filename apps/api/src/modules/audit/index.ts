// The front door of this module: what other modules may use. Everything else is internal.

export type { AuditEntryInput } from './record';
export { recordAudit } from './record';
export { default as auditRoutes } from './routes';
