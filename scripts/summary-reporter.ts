import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "N passed, N failed, N skipped", so that any CI reading
 * the tail of the log sees the result without knowing vitest's own summary format.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedInModule = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedInModule += 1;
        else skipped += 1;
      }
      // A file that fails outside its tests (import error, beforeAll) counts as one failure.
      if (module.state() === 'failed' && failedInModule === 0) failedInModule = 1;
      failed += failedInModule;
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
