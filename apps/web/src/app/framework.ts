/**
 * The libraries every page runs, loaded and run on their own before the app (main.tsx): a phone
 * then spends two shorter turns of its main thread on them and on the app's own modules, instead
 * of one long turn in which a tap would wait. The exports keep the bundler from dropping them.
 */
export { StrictMode } from 'react';
export { hydrateRoot } from 'react-dom/client';
export { BrowserRouter } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
