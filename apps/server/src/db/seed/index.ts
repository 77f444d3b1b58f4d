import type { Db } from '../client';

export interface SeedOptions {
  uploadDir: string;
  log: (message: string) => void;
}

/** Deterministic demo catalogue (filled in by the catalogue work). */
export async function seedCatalogue(_db: Db, _opts: SeedOptions): Promise<void> {}

/** Demo accounts: an admin, two approved agents and one pending (README lists their sign-ins). */
export async function seedDemoAccounts(_db: Db): Promise<void> {}
