// The front door of this module: what other modules may use. Everything else is internal.

export { maySeeMoney } from './access';
export { assertClassFreeOfFees, assertTermFreeOfFees } from './in-use';
export { assignPayment, balanceOf, feeBalancesOf, recordPayment } from './ledger';
export { default as feeLedgerRoutes } from './ledger-routes';
export { default as feeReminderRoutes } from './reminder-routes';
export { default as feeReportRoutes } from './report-routes';
export { addReview, resolveReviewsOf } from './reviews';
export { default as sponsorRoutes } from './sponsor-routes';
export { default as feeStructureRoutes } from './structure-routes';
