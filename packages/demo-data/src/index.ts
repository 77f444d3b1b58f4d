export { seedCatalogue, type SeedOptions } from './seed-catalogue';
export { seedDemoAccounts, DEMO_ACCOUNTS } from './accounts';
export { generateCatalogue } from './catalogue';
export { generateDemoImages } from './images';
