import { count } from 'drizzle-orm';
import type { Db } from '@villas/db/client';
import { properties } from '@villas/db/schema';
import { seedDemoAccounts } from './accounts';
import { installDemoImages } from './images';
import { describeImages, seedCatalogue } from './seed-catalogue';

export interface DemoOptions {
  /** Create the demo sign-ins (README) that do not exist yet; default true. */
  accounts?: boolean;
  /** Progress lines. */
  log?: (message: string) => void;
  /** Where the image set prepared at build is (default: this workspace's dist/images). */
  preparedImages?: string;
}

/**
 * The demo in one call. Into an empty catalogue the generated one (seedCatalogue: reference data,
 * destinations, 520 houses, a year of prices, blocked stays and stay rules) with its images under
 * `${uploadDir}/demo/`; a catalogue already there (a database copied from the prepared one by
 * installPreparedDatabase) gets only its images. The images come from the set prepared at build,
 * rendered when that set is missing. Then the demo accounts, unless `accounts` is false.
 */
export async function seed(db: Db, uploadDir: string, opts: DemoOptions = {}): Promise<void> {
  const log = opts.log ?? (() => undefined);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(properties);
  if (n === 0) await seedCatalogue(db, { uploadDir, log, preparedImages: opts.preparedImages });
  else
    log(
      // As in seedCatalogue: a failed render is reported, and a later start renders again.
      await installDemoImages(uploadDir, opts.preparedImages).then(describeImages, (err: unknown) => {
        return `demo images could not be generated: ${err instanceof Error ? err.message : String(err)}`;
      }),
    );
  if (opts.accounts !== false) await seedDemoAccounts(db);
}
