export * from './experiment-assignment';
export * from './experiment-cookies';
export * from './experiment-results';
export * from './experiment-rules';
export * from './experiment-stats';
export * from './experiment-table';
export * from './experiments';
export * from './seeded-random';
