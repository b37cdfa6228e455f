export * from './academics';
export * from './people';
export * from './schools';
export * from './users';
