export * from './client';
export { migrationsDir } from './migrations';
