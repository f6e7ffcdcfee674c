import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * Builds the service worker (src/pwa/service-worker.ts) into /sw.js, with this build's precache list and version
 * written into it: the app shell is the build's entry and the bidders' pages with everything they import (their
 * scripts and styles), plus the public files (the offline page, the manifest, the icons) and index.html. Not the
 * wallet libraries nor the admin app: several megabytes a phone would download at install to browse lots. They are
 * cached the first time they are used instead (the worker caches any hashed file it fetches). The version is a
 * digest of every precached file's content, so any change to the shell makes a new cache, and the old is deleted.
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  let publicDir = '';
  let source = '';
  return {
    name: 'gavel-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      source = path.resolve(config.root, 'src/pwa/service-worker.ts');
    },
    // After the files are written (the public ones are copied before), before precompress.ts compresses them.
    async writeBundle(_options, bundle) {
      const publicFiles = publicDir ? (await readdir(publicDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()) : [];
      const precache = [
        '/index.html',
        ...publicFiles.map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`),
        ...shellFiles(bundle).map((file) => `/${file}`),
      ].sort();
      const digest = createHash('sha256');
      for (const file of precache) digest.update(file).update(await readFile(path.join(outDir, file)));
      const worker = await classicScript(source);
      digest.update(worker);
      const build = { version: digest.digest('hex').slice(0, 16), precache };
      await writeFile(path.join(outDir, 'sw.js'), `const GAVEL_BUILD = ${JSON.stringify(build)};\n${worker}`);
    },
  };
}

/**
 * The worker's TypeScript as a classic script, as browsers run a worker registered without `type: 'module'`: its
 * types stripped, and the `export {}` that keeps it a module dropped. It may import types only: nothing is bundled.
 */
async function classicScript(file: string): Promise<string> {
  const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' });
  const script = code.replace(/^export \{\};?\s*$/m, '');
  if (/^\s*(import|export)\b/m.test(script)) throw new Error(`${file} may import types only: the service worker is one classic script`);
  return script;
}

/** The entry and the lazy pages under src/pages, with the chunks, styles and assets they import. */
function shellFiles(bundle: OutputBundle): string[] {
  const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
  const files = new Set<string>();
  const add = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const meta = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
    for (const file of [...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])]) files.add(file);
    for (const imported of chunk.imports) {
      const next = chunks.get(imported);
      if (next) add(next);
    }
  };
  for (const chunk of chunks.values()) {
    const page = chunk.isDynamicEntry && /[\\/]src[\\/]pages[\\/]/.test(chunk.facadeModuleId ?? '');
    if (chunk.isEntry || page) add(chunk);
  }
  return [...files];
}
