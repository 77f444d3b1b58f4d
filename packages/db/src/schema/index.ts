export * from './users';
export * from './catalogue';
export * from './engagement';
export * from './sync';
export * from './limits';
export * from './audit';
export * from './holds';
export * from './stay-rules';
