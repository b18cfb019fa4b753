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

/** What app/library.ts runs: packages/core, the browser's stores and the zod set-up before them. */
const LIBRARY =
  /[\\/](packages[\\/]core[\\/]src[\\/]|src[\\/]lib[\\/]local-store[\\/]|src[\\/]app[\\/]parse-without-compiling\.ts$)/;
/** The library step itself, and a helper of a few bytes that screens and the library share. */
const LIBRARY_TOO = /[\\/]src[\\/](app[\\/]library|lib[\\/]lazy)\.ts$/;
/** Helpers of a few hundred bytes that nearly every screen imports. */
const EVERY_SCREEN = /[\\/]src[\\/]lib[\\/]use-document-title\.ts$/;

/** lucide-react's index module: it re-exports each icon, under several names, from a module of its own. */
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** Which icon modules each app module names in its `import { … } from 'lucide-react'`. */
function iconImports() {
  const iconModule = new Map<string, string>();
  const names = new Map<string, string[]>();
  return {
    isIndex: (id: string) => ICON_INDEX.test(id),
    read(id: string, code: string) {
      if (ICON_INDEX.test(id)) {
        for (const [, exported, file] of code.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g))
          for (const name of exported!.matchAll(/as (\w+)/g))
            iconModule.set(name[1]!, path.resolve(path.dirname(id), file!));
        return;
      }
      const imported = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, list]) =>
        list!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
      );
      if (imported.length > 0) names.set(id, imported.filter(Boolean));
    },
    namedBy(id: string): string[] {
      return (names.get(id) ?? []).flatMap((name) => {
        const module = iconModule.get(name);
        if (!module) throw new Error(`vite.config: no module for the icon ${name} (imported by ${id})`);
        return [module];
      });
    },
  };
}

/**
 * Fewer, larger chunks. Left alone, the bundler gives every module that two lazy screens share a
 * chunk of its own: a first visit fetched 25–37 scripts, many of one icon, each with about a
 * kilobyte of response headers and a round trip. Here the framework every page runs (React, the
 * router, the query cache, zod) is one chunk; the app's shell (app/start.tsx and everything it
 * imports) another; what two or more screens share beyond it a third; each screen its own.
 */
function chunkGroups(): { plugin: Plugin; codeSplitting: object } {
  const imports = new Map<string, readonly string[]>();
  const icons = iconImports();
  // Through the icon library's index, a module reaches only the icons it names, not all of them:
  // else every icon any screen uses would count as the shell's and load on every first visit.
  const closure = (from: string, into = new Set<string>()) => {
    if (into.has(from)) return into;
    into.add(from);
    for (const imported of imports.get(from) ?? []) {
      if (icons.isIndex(imported)) icons.namedBy(from).forEach((icon) => closure(icon, into));
      else closure(imported, into);
    }
    return into;
  };
  let shell: Set<string> | undefined;
  // What start.tsx loads, less what the entry (main.tsx) loads itself: the entry must not wait
  // for the shell's chunk, which it imports once the page has painted.
  const inShell = (id: string) => {
    if (!shell) {
      const entry = closure(path.join(SRC, 'main.tsx'));
      shell = new Set([...closure(path.join(SRC, 'app/start.tsx'))].filter((module) => !entry.has(module)));
    }
    // A virtual module (Vite's preload helper) the entry may import after this graph was read.
    return shell.has(id) && !id.startsWith('\0');
  };
  return {
    plugin: {
      name: 'marquee-module-graph',
      apply: 'build',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
        icons.read(info.id, info.code ?? '');
      },
    },
    codeSplitting: {
      groups: [
        {
          name: 'framework',
          // app/framework.ts too: the entry's dynamic import then fetches this chunk itself, not a
          // facade of a few bytes that imports it (each script costs a request and its headers).
          test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]|[\\/]src[\\/]app[\\/]framework\.ts$/,
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
        { name: 'start', test: (id: string) => inShell(id) || EVERY_SCREEN.test(id), priority: 2 },
        // Vite's helper that the entry's dynamic import uses: left to itself it lands in the start
        // chunk, which the entry would then import before it has painted anything.
        { name: 'preload-helper', test: /^\0vite[\\/]preload-helper/, priority: 4 },
      ],
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const chunks = chunkGroups();
  return {
    plugins: [react(), tailwindcss(), routePreloads(), precompress(), chunks.plugin],
    resolve: {
      alias: { '@': SRC },
    },
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
