// The build's own plugins (vite.config.ts): pdf.js's assets, one catalog file per language, and the preloads a
// signed-in page starts before its entry script has run.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { type Plugin, runnerImport } from 'vite';
import { website } from './src/config.ts';

/**
 * pdf.js's character maps (CJK text in PDFs whose fonts are not embedded) and standard fonts, served at `/pdfjs/`:
 * copied into the build, and read from the package while developing.
 */
export function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts'];
  let outDir = 'dist';
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const [dir, file] = (req.url ?? '').split('?')[0]!.replace(/^\//, '').split('/');
        const target = dir && file && dirs.includes(dir) && /^[\w.-]+$/.test(file) ? path.join(root, dir, file) : '';
        if (!target || !existsSync(target) || !statSync(target).isFile()) return next();
        res.setHeader('content-type', 'application/octet-stream');
        createReadStream(target).pipe(res);
      });
    },
    async writeBundle() {
      for (const dir of dirs) await cp(path.join(root, dir), path.join(outDir, 'pdfjs', dir), { recursive: true });
    },
  };
}

/**
 * `virtual:catalog/zh` and `virtual:catalog/en`: the pages' strings and the server's messages (i18n/catalogs.ts) in
 * one language, so a signed-in page downloads only the language it shows (issue 26 §4: half the bytes). The build
 * evaluates the catalogs once and writes each language out as data; while developing (and in tests) the module
 * picks the language from the live catalogs, so edits reload as usual.
 */
export function catalogsPerLanguage(): Plugin {
  const prefix = 'virtual:catalog/';
  let source = '';
  let build = false;
  let evaluated: Promise<typeof import('./src/i18n/catalogs.ts')> | undefined;
  return {
    name: 'catalogs-per-language',
    configResolved(config) {
      source = path.resolve(config.root, 'src/i18n/catalogs.ts');
      build = config.command === 'build';
    },
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const lng = id.slice(prefix.length + 1);
      if (lng !== 'zh' && lng !== 'en') throw new Error(`no catalog for ${lng}`);
      if (!build) {
        return `import { pageCatalog, sharedCatalog } from ${JSON.stringify(source)};
export const pages = pageCatalog.${lng};
export const shared = sharedCatalog.${lng};`;
      }
      evaluated ??= runnerImport<typeof import('./src/i18n/catalogs.ts')>(source, {
        configFile: false,
        logLevel: 'error',
      }).then((r) => r.module);
      const { pageCatalog, sharedCatalog } = await evaluated;
      return `export const pages = ${JSON.stringify(pageCatalog[lng])};
export const shared = ${JSON.stringify(sharedCatalog[lng])};`;
    },
  };
}

/** The chunks `chunk` loads before it runs: itself and its static imports, all the way down. */
function closure(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') closure(bundle, next, into);
  }
  return into;
}

/**
 * A signed-in visit (a session in localStorage) to any page but the login page needs antd's layout (UiRoot), the
 * catalog of its language and the exam page or the shell — all known from the address before a script has run.
 * A few lines in <head> ask for them at once, beside the entry's own files, instead of one round trip after it
 * (issue 26 §4: on a 150 ms link each wave costs a round trip). The login page asks for nothing more.
 */
export function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
          return chunk;
        };
        /** A module's files that are not already among `loaded`. */
        const beyond = (loaded: Set<string>, module: string) =>
          [...closure(bundle, chunkOf(module))].filter((f) => !loaded.has(f));
        const entryFiles = closure(bundle, entry);
        const frame = beyond(entryFiles, 'src/app/UiRoot.tsx');
        const withFrame = new Set([...entryFiles, ...frame]);
        const paths = (files: string[]) => files.map((f) => `/${f}`);
        const plan = {
          frame: paths(frame),
          exam: paths(beyond(withFrame, 'src/features/attempt/ExamPage.tsx')),
          shell: paths(beyond(withFrame, 'src/app/layout/Shell.tsx')),
          zh: paths(beyond(withFrame, 'virtual:catalog/zh')),
          en: paths(beyond(withFrame, 'virtual:catalog/en')),
        };
        const script = `(function () {
  try {
    var plan = ${JSON.stringify(plan)};
    var read = function (name) { return (JSON.parse(localStorage.getItem('${website.storagePrefix}' + name) || 'null') || {}).state || {}; };
    var path = location.pathname;
    if (!read('auth').accessToken || path === '${website.loginPath}') return;
    var exam = path.indexOf('/paper/exam/') === 0;
    var files = plan.frame.concat(plan[read('settings').language === 'en' ? 'en' : 'zh'], exam ? plan.exam : plan.shell);
    files.forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.appendChild(link);
    });
  } catch (e) {}
})();`;
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}
