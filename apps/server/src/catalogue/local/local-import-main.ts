/**
 * The first start's work on a new PGlite folder (PostgreSQL's initdb, the migrations, the catalogue
 * import), and the import of changed sources, run by main.ts as a process of its own: it took the
 * server to 700-850 MB, and memory glibc and V8 kept afterwards left the idle server 30-50 MB above
 * a restarted one (issue 28). This process hands all of it back when it ends. It migrates, imports,
 * builds the curated lists and closes the database, which main.ts then opens; DATA_DIR /
 * DATABASE_URL say which database, as for the server.
 */
import { openDatabase } from '../../db/client.ts';
import { seedCuratedLists } from '../../modules/lists/lists-seed.ts';
import { importLocalCatalogue } from './local-import.ts';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  dataDir: process.env.DATA_DIR ?? null,
});
try {
  const result = await importLocalCatalogue(database.db);
  if (result.imported) {
    process.stdout.write(
      `marquee: imported the local catalogue: ${result.titles} titles, ${result.episodes} episodes in ${Math.round(result.ms)} ms\n`,
    );
  }
  const lists = await seedCuratedLists(database.db);
  if (lists.seeded) process.stdout.write(`marquee: built ${lists.lists} curated lists\n`);
} catch (error) {
  process.stderr.write(
    `marquee: cannot import the local catalogue: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
