import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const SRC = path.resolve(import.meta.dirname, 'src');

/**
 * Writes `route-preloads.json` next to index.html: for each route of src/app/router.tsx, the
 * chunks its screen needs beyond the entry. The server adds them to index.html as
 * modulepreload links, so a page's own code downloads with the entry instead of after it.
 */
function routePreloads(): Plugin {
  return {
    name: 'marquee-route-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const router = readFileSync(path.join(SRC, 'app/router.tsx'), 'utf8');
      const routes = [
        ...router.matchAll(/(?:path: '([^']+)'|index: true),\s*Component: screen\(\s*\(\) => import\('@\/([^']+)'\)/g),
      ].map(([, routePath, module]) => ({ path: routePath ?? '', module: path.join(SRC, module!) }));
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const initial = closure(entry.fileName);
      const preloads = routes.map((route) => {
        const screen = chunks.find((chunk) => chunk.facadeModuleId === route.module);
        if (!screen) this.error(`route-preloads: no chunk for ${route.module}`);
        const files = [...closure(screen.fileName)].filter((file) => !initial.has(file));
        return { path: route.path, modulepreload: files.map((file) => `/${file}`) };
      });
      if (preloads.length === 0) this.error('route-preloads: no route found in src/app/router.tsx');
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/**
 * Writes a brotli (quality 11) and a gzip copy beside each script and style sheet, which the
 * server sends as they are (@fastify/static preCompressed): smaller than compressing on every
 * request at the quick levels a live response can afford.
 */
function precompress(): Plugin {
  return {
    name: 'marquee-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        writeFileSync(`${file}.br`, brotli);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** What app/library.ts runs: packages/core, the browser's stores and the zod setting before them. */
const LIBRARY =
  /[\\/](packages[\\/]core[\\/]src[\\/]|src[\\/]lib[\\/]local-store[\\/]|src[\\/]app[\\/]parse-without-compiling\.ts$)/;
/** The library step itself, and a helper of a few bytes that screens and the library share. */
const LIBRARY_TOO = /[\\/]src[\\/](app[\\/]library|lib[\\/]lazy)\.ts$/;
/** Helpers of a few hundred bytes that nearly every screen imports. */
const EVERY_SCREEN = /[\\/]src[\\/]lib[\\/]use-document-title\.ts$/;

/**
 * Index modules that only re-export: lucide-react's (each icon, under several names, from a module
 * of its own) and the shared library's (`export *` of each of its modules).
 */
const INDEXES = [
  { specifier: 'lucide-react', id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { specifier: '@marquee/core', id: /[\\/]packages[\\/]core[\\/]src[\\/]index\.ts$/ },
];
/** The screens of the pages a first visit most often opens (the budget's: e2e/budget.test.ts). */
const FIRST_PAGE_SCREENS =
  /[\\/]src[\\/]features[\\/](home[\\/]home-screen|browse[\\/]browse-screen|details[\\/]detail-screen)\.tsx$/;
/** A poster card of a title, which lists, grids and rows show. */
const TITLE_CARD = path.join(SRC, 'components/media/title-card.tsx');
/**
 * TanStack Query's modules that no first page's code uses (useQueries, useInfiniteQuery,
 * useMutation): its index module reaches them all.
 */
const LATER_QUERY_HOOKS =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver|useMutation|mutationObserver)\.js$/;
/** React Router's production build (see `resolve.alias`). */
const REACT_ROUTER_PRODUCTION = path.resolve(
  import.meta.dirname,
  '../../node_modules/react-router/dist/production/index.mjs',
);
/** One lucide icon's module. */
const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** Modules whose exports an index may re-export with `export *`. */
const STAR_EXPORTED = /[\\/]packages[\\/]core[\\/]src[\\/]/;

/** The names a module's code (as the bundler parsed it: JavaScript) exports itself. */
function ownExports(code: string): string[] {
  const declared = [...code.matchAll(/export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/g)].map(
    ([, name]) => name!,
  );
  const listed = [...code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)].flatMap(([, list]) =>
    list!.split(',').map((entry) =>
      entry
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!,
    ),
  );
  return [...declared, ...listed].filter(Boolean);
}

/**
 * Which modules an app module reaches through an index, by the names its
 * `import { … } from '<index>'` gives: the index itself imports every module it re-exports.
 */
function indexImports() {
  /** Per index: exported name → the module that defines it. */
  const definedIn = new Map<string, Map<string, string>>();
  /** Per index: modules it re-exports whole (`export *`), whose names are read as they parse. */
  const starred = new Map<string, string[]>();
  const exportsOf = new Map<string, string[]>();
  /** Per app module and index specifier: the names imported. */
  const named = new Map<string, Map<string, string[]>>();
  const indexOf = (id: string) => INDEXES.find((index) => index.id.test(id));

  return {
    isIndex: (id: string) => indexOf(id) !== undefined,
    read(id: string, code: string) {
      const index = indexOf(id);
      if (index) {
        const names = new Map<string, string>();
        const resolve = (file: string) => path.resolve(path.dirname(id), file);
        for (const [, list, file] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
          for (const entry of list!.split(','))
            names.set(
              entry
                .trim()
                .split(/\s+as\s+/)
                .at(-1)!,
              resolve(file!),
            );
        starred.set(
          index.specifier,
          [...code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].map(([, file]) => resolve(file!)),
        );
        definedIn.set(index.specifier, names);
        return;
      }
      if (STAR_EXPORTED.test(id)) exportsOf.set(id, ownExports(code));
      for (const { specifier } of INDEXES) {
        const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, 'g');
        const names = [...code.matchAll(pattern)].flatMap(([, list]) =>
          list!.split(',').map((entry) => entry.trim().split(/\s+as\s+/)[0]!),
        );
        if (names.length > 0) named.set(id, (named.get(id) ?? new Map()).set(specifier, names.filter(Boolean)));
      }
    },
    /** The modules `id` reaches through the index `indexId`. */
    reachedBy(id: string, indexId: string): string[] {
      const { specifier } = indexOf(indexId)!;
      const names = definedIn.get(specifier) ?? new Map<string, string>();
      for (const module of starred.get(specifier) ?? [])
        for (const name of exportsOf.get(module) ?? []) if (!names.has(name)) names.set(name, module);
      return (named.get(id)?.get(specifier) ?? []).map((name) => {
        const module = names.get(name);
        if (!module) throw new Error(`vite.config: ${specifier} has no ${name} (imported by ${id})`);
        return module;
      });
    },
  };
}

/**
 * Fewer, larger chunks. Left alone, the bundler gives every module that two lazy screens share a
 * chunk of its own: a first visit fetched 25–37 scripts, many of one icon, each with about a
 * kilobyte of response headers and a round trip. Here the framework every page runs (React, the
 * router, the query cache) is one chunk; the app's shell (app/start.tsx and everything it
 * imports) another; what two or more screens share beyond it a third; each screen its own. zod is
 * not the first pages' (core's hand-written validators check the browser's stored data): the
 * bundler gives it a chunk of its own, which the parts that use it load with them.
 */
function chunkGroups(): { plugin: Plugin; codeSplitting: object } {
  const imports = new Map<string, readonly string[]>();
  const indexes = indexImports();
  // Through an index, a module reaches only what it names, not all of it: else every icon and
  // every shared schema any screen uses would count as the shell's and load on every first visit.
  const closure = (from: string, into = new Set<string>()) => {
    if (into.has(from)) return into;
    into.add(from);
    for (const imported of imports.get(from) ?? []) {
      if (indexes.isIndex(imported)) indexes.reachedBy(from, imported).forEach((module) => closure(module, into));
      else closure(imported, into);
    }
    return into;
  };
  let shell: Set<string> | undefined;
  /** The title card and what it alone brings beyond the shell (its badges and buttons). */
  let cards: Set<string> | undefined;
  const readShell = () => {
    const entry = closure(path.join(SRC, 'main.tsx'));
    const screens = [...imports.keys()].filter((id) => FIRST_PAGE_SCREENS.test(id)).map((id) => closure(id));
    const counts = new Map<string, number>();
    for (const screen of screens) for (const module of screen) counts.set(module, (counts.get(module) ?? 0) + 1);
    const byMostScreens = [...counts].filter(([, count]) => count * 2 > screens.length).map(([module]) => module);
    shell = new Set(
      [...closure(path.join(SRC, 'app/start.tsx')), ...byMostScreens].filter((module) => !entry.has(module)),
    );
    cards = new Set([...closure(TITLE_CARD)].filter((module) => !shell!.has(module) && !entry.has(module)));
  };
  // What start.tsx loads and what most first pages' screens need (their poster, rating and
  // Watch Later parts), less what the entry (main.tsx) loads itself: the entry must not wait for
  // the shell's chunk, which it imports once the page has painted.
  const inShell = (id: string) => {
    if (!shell) readShell();
    // A virtual module (Vite's preload helper) the entry may import after this graph was read.
    // Through TanStack Query's index the shell reaches every hook it has, and uses none of these.
    return shell!.has(id) && !id.startsWith('\0') && !LATER_QUERY_HOOKS.test(id);
  };
  const inCards = (id: string) => {
    if (!cards) readShell();
    return cards!.has(id) && !ICON_MODULE.test(id);
  };
  const dynamicImports = new Map<string, readonly string[]>();
  /** Icons that more than one lazily loaded module (screens, dialogs) shows. */
  let sharedIcons: Set<string> | undefined;
  /** Of those, the ones a first page's screen shows. */
  let firstPageIcons: Set<string> | undefined;
  const readIcons = () => {
    const users = new Map<string, number>();
    for (const lazyModule of new Set([...dynamicImports.values()].flat()))
      for (const module of closure(lazyModule))
        if (ICON_MODULE.test(module)) users.set(module, (users.get(module) ?? 0) + 1);
    sharedIcons = new Set([...users].filter(([, count]) => count > 1).map(([module]) => module));
    const firstPages = [...imports.keys()].filter((id) => FIRST_PAGE_SCREENS.test(id));
    firstPageIcons = new Set(firstPages.flatMap((id) => [...closure(id)]).filter((id) => sharedIcons!.has(id)));
  };
  // An icon that several lazily loaded modules use: left to the bundler, each such icon would be a
  // chunk of its own, a request of a few hundred bytes. Those a first page shows join the shell;
  // the others (about 25, 3 KB) make a chunk of their own, which first pages do not load.
  const isFirstPageIcon = (id: string) => {
    if (!ICON_MODULE.test(id)) return false;
    if (!firstPageIcons) readIcons();
    return firstPageIcons!.has(id);
  };
  const isOtherSharedIcon = (id: string) => {
    if (!ICON_MODULE.test(id)) return false;
    if (!sharedIcons) readIcons();
    return sharedIcons!.has(id) && !firstPageIcons!.has(id);
  };
  return {
    plugin: {
      name: 'marquee-module-graph',
      apply: 'build',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
        dynamicImports.set(info.id, info.dynamicallyImportedIds);
        indexes.read(info.id, info.code ?? '');
      },
    },
    codeSplitting: {
      groups: [
        {
          name: 'framework',
          // app/framework.ts too: the entry's dynamic import then fetches this chunk itself, not a
          // facade of a few bytes that imports it (each script costs a request and its headers).
          // TanStack Query's hooks that only later screens use (lists of queries, paged queries,
          // mutations) stay out of it: their code loads with those screens.
          test: (id: string) =>
            /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|[\\/]src[\\/]app[\\/]framework\.ts$/.test(
              id,
            ) && !LATER_QUERY_HOOKS.test(id),
          priority: 3,
        },
        // The shared library and the browser's stores (app/library.ts), run in a task of their own.
        {
          name: 'library',
          test: (id: string) => (inShell(id) && LIBRARY.test(id)) || LIBRARY_TOO.test(id),
          priority: 2.5,
        },
        // Small helpers nearly every screen uses join the shell, rather than a chunk of their own
        // (a few hundred bytes of code behind a request and its headers).
        // So do the icons that more than one lazily loaded module shows and a first page needs.
        {
          name: 'start',
          test: (id: string) => inShell(id) || EVERY_SCREEN.test(id) || isFirstPageIcon(id),
          priority: 2,
        },
        // The title card's own parts, which a detail page does not show before scrolling and the
        // home page only below the fold: one chunk, where the bundler would make one script of a
        // few hundred bytes of each.
        { name: 'cards', test: inCards, priority: 1.8 },
        { name: 'icons', test: isOtherSharedIcon, priority: 1.5 },
        // Vite's helper that the entry's dynamic import uses: left to itself it lands in the start
        // chunk, which the entry would then import before it has painted anything.
        { name: 'preload-helper', test: /^\0vite[\\/]preload-helper/, priority: 4 },
      ],
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  const chunks = chunkGroups();
  return {
    plugins: [react(), tailwindcss(), routePreloads(), precompress(), chunks.plugin],
    resolve: {
      alias: [
        { find: '@', replacement: SRC },
        // React Router's package.json names only its development build, whose warnings are on
        // (ENABLE_DEV_WARNINGS, the one line its production build changes): the browser gets the
        // production build. The tests and the server-side renderer keep the development one.
        ...(command === 'build' && !isSsrBuild
          ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }]
          : []),
      ],
    },
    // The server-side renderer bundles the icons it uses: left external, lucide-react's whole
    // library (1,700 icons, 1.3 MB of source) was loaded into the app server, about 7 MB of its heap.
    ssr: { noExternal: ['lucide-react'] },
    build: {
      // `vite build --ssr src/entry-server.tsx` writes the server-side renderer beside the app.
      outDir: isSsrBuild ? 'dist-ssr' : 'dist',
      emptyOutDir: true,
      sourcemap: false,
      assetsInlineLimit: 0,
      // Every browser with module scripts but modulepreload (Firefox before 115, Safari before 17)
      // merely fetches the preloaded chunks when it imports them: not worth 0.5 KB on every page.
      modulePreload: { polyfill: false },
      copyPublicDir: !isSsrBuild,
      rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: chunks.codeSplitting } },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
