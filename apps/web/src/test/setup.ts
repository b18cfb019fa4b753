import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { preloadDeferredParts } from '@/lib/deferred.tsx';

// The parts of a page that load as the visitor nears them (lib/deferred.tsx) render at once here,
// as in a page scrolled to them: a test's page has no layout for them to come near. Run once the
// test file's modules, which define them, have loaded.
beforeAll(() => preloadDeferredParts());

// findBy and waitFor wait for what the test expects, polling; how long the machine takes to get
// there is not the verdict. Testing Library's 1 s failed on a loaded machine (96 cards rendered
// while other work held both cores): a readiness wait may take as long as the test may.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
