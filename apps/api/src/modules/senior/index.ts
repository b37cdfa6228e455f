// The front door of this module: what other modules may use. Everything else is internal.

export { type CurrentChoice, currentChoices, readSeniorSettings } from './choices';
export { kjseaBaselines } from './kjsea';
export { addDefaultPathways } from './pathways';
export { default as seniorRoutes } from './routes';
