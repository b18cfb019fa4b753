// First: any zod schema built later must not probe for eval (CSP).
import './parse-without-compiling.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';

/**
 * The second step of starting the app (main.tsx), between the framework and the app's shell: the
 * shared library (packages/core: rules, and the validators of what the browser stores) and the
 * browser's stores, run in a main-thread task of their own. On a phone, building them (with zod
 * schemas then) took a third of the shell's one long task. The settings store is created here too: it reads and checks the saved settings.
 */
getSettingsStore();
