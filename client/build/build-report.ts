// Vite plugin: after a build, lists every chunk with its gzip size and the modules it holds (largest first), and
// which chunks the first page load fetches (the entry and its static imports, i.e. the modulepreloads). Written to
// client/build-report.txt when BUILD_REPORT=1 (`npm run build:report`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: Record<string, { renderedLength: number }>;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipSize = (text: string | Uint8Array) => zlib.gzipSync(text, { level: 9 }).length;

/** Module ids read as package names or project paths. */
function moduleName(id: string, root: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return path.relative(root, clean) || clean;
}

export function buildReport(options: { file: string; projectRoot: string }): Plugin {
  return {
    name: 'build-report',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is ChunkLike & typeof item => item.type === 'chunk',
      ) as unknown as ChunkLike[];
      const assets = Object.values(bundle).filter((item) => item.type === 'asset');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const initial = new Set<string>();
      const visit = (name: string) => {
        if (initial.has(name)) return;
        initial.add(name);
        for (const next of byName.get(name)?.imports ?? []) visit(next);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);

      const lines: string[] = [];
      const sized = chunks.map((chunk) => ({ chunk, gzip: gzipSize(chunk.code) })).sort((a, b) => b.gzip - a.gzip);
      const initialGzip = sized.filter((s) => initial.has(s.chunk.fileName)).reduce((sum, s) => sum + s.gzip, 0);
      lines.push(`Build report ${new Date().toISOString()}`);
      lines.push(`Initial JS (entry + modulepreloads): ${initial.size} chunks, ${kib(initialGzip)} gzip -9`);
      for (const asset of assets) {
        if (!asset.fileName.endsWith('.css')) continue;
        const source = (asset as { source: string | Uint8Array }).source;
        lines.push(`CSS ${asset.fileName}: ${kib(source.length)} raw, ${kib(gzipSize(source))} gzip -9`);
      }
      lines.push('');
      for (const { chunk, gzip } of sized) {
        const tag = chunk.isEntry ? 'entry' : initial.has(chunk.fileName) ? 'initial' : 'lazy';
        lines.push(`${chunk.fileName}  [${tag}]  ${kib(chunk.code.length)} raw, ${kib(gzip)} gzip`);
        const modules = new Map<string, number>();
        for (const [id, info] of Object.entries(chunk.modules)) {
          const name = moduleName(id, options.projectRoot);
          modules.set(name, (modules.get(name) ?? 0) + info.renderedLength);
        }
        for (const [name, length] of [...modules].sort((a, b) => b[1] - a[1])) {
          if (length > 0) lines.push(`    ${kib(length).padStart(10)}  ${name}`);
        }
        if (chunk.dynamicImports.length) lines.push(`    loads later: ${chunk.dynamicImports.join(', ')}`);
      }
      fs.writeFileSync(options.file, `${lines.join('\n')}\n`);
      this.info(`build report written to ${path.relative(options.projectRoot, options.file)}`);
    },
  };
}
