export { seed, type DemoOptions } from './seed';
export { seedCatalogue, type SeedOptions } from './seed-catalogue';
export { seedDemoAccounts, DEMO_ACCOUNTS } from './accounts';
export { generateCatalogue } from './catalogue';
export { installDemoImages, renderDemoImages } from './images';
export { checkPrepared, installPreparedDatabase, type PreparedInstall } from './prepared';
