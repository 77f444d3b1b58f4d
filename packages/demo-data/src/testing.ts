// What the server's tests of the demo (apps/server/test/demo-data) read beyond the workspace's entry:
// they seed through the server's app and start, so they live with the server, which depends on this
// workspace (never the other way).
export { DEMO_ACCOUNTS } from './accounts';
export { installDemoImages, renderDemoImages, renderSceneImages, sceneFiles } from './images';
export {
  PREPARED_MAX_AGE_DAYS,
  checkPrepared,
  currentMigrations,
  installPreparedDatabase,
  manifestFile,
  pgliteVersion,
  preparedDataDir,
  type Manifest,
} from './prepared';
export { DEMO_DIR, SCENES } from './scenes';
export { seasonPeriods } from './seed-catalogue';
