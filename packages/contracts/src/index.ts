export * from './auth.ts';
export * from './client-config.ts';
export * from './errors.ts';
export * from './organizations.ts';
export * from './paging.ts';
export * from './roles.ts';
