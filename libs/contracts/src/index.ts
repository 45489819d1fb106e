export * from './wrapper';
export * from './capabilities';
export * from './auth';
export * from './catalog';
export * from './accounts';
export * from './checkout';
export * from './internal';
export * from './terminal';
