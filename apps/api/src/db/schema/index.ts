export * from './academics';
export * from './audit';
export * from './idempotency';
export * from './people';
export * from './results';
export * from './schools';
export * from './uploads';
export * from './users';
