import { parseWithoutCompiling } from '@marquee/core/schema/browser';

// library.ts and start.tsx import this module before any other, so it runs before any schema is
// built: the vite config keeps what each imports in one chunk, evaluated in import order.
parseWithoutCompiling();
