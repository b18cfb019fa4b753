import { parseWithoutCompiling } from '@marquee/core/schema/browser';

// start.tsx imports this module before any other, so it runs before any schema is built: the
// vite config keeps start.tsx and what it imports in one chunk, evaluated in import order.
parseWithoutCompiling();
