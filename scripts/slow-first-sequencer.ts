import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, with their time in seconds on a 2-core machine (PGlite; the
 * PostgreSQL run of a server file takes about two thirds). Checked in, because CI runs on a fresh
 * clone, where Vitest has no timings of an earlier run to go by.
 */
const SLOW_FILES: Record<string, number> = {
  'apps/server/test/resilience/fuzz.test.ts': 160,
  'apps/server/test/security/injection.test.ts': 50,
  'apps/server/src/main.test.ts': 40,
  'apps/server/test/resilience/tmdb-outage.test.ts': 25,
  'apps/server/test/resilience/database-restart.test.ts': 25,
  'apps/server/test/security/access.test.ts': 20,
  'apps/server/test/security/requests.test.ts': 12,
};

/**
 * Vitest's order runs the projects one after another (core, server, server-postgres, web), each
 * with its larger files first: the fuzz run on PostgreSQL began only once every PGlite file had
 * begun, and ended two minutes after the other worker had run out of files. Here the files that
 * take longest begin first, whatever their project, and the rest follow in Vitest's order; the
 * browser files still run after all of them (their own group).
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (file: TestSpecification) => {
      const known = Object.entries(SLOW_FILES).find(([path]) => file.moduleId.endsWith(path));
      if (!known) return 0;
      return file.project.name === 'server-postgres' ? known[1] * 0.65 : known[1];
    };
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder ?? 0;
    // A stable sort: files of equal weight keep Vitest's order.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => group(a.file) - group(b.file) || seconds(b.file) - seconds(a.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
