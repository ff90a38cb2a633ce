// Writes .gz and .br siblings next to every text asset of the build, so the server can answer
// `Accept-Encoding: br|gzip` with a file instead of compressing on each request. Uses node's zlib only.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const PRECOMPRESS_EXTENSIONS = ['.js', '.css', '.html', '.svg', '.json'];
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

export interface PrecompressResult {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const results: PrecompressResult[] = [];
  for await (const file of walk(dir)) {
    if (!PRECOMPRESS_EXTENSIONS.includes(path.extname(file))) continue;
    const data = await fs.readFile(file);
    if (data.length < PRECOMPRESS_MIN_BYTES) continue;
    const gz = gzipSync(data, { level: 9 });
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    await fs.writeFile(`${file}.gz`, gz);
    await fs.writeFile(`${file}.br`, br);
    results.push({ file: path.relative(dir, file), bytes: data.length, gzip: gz.length, brotli: br.length });
  }
  return results;
}

/** Vite plugin: precompress the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shopfloor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle (the service worker, dist/sw.js, is written in one): never a
    // sibling of a half-written file.
    closeBundle: { order: 'post', sequential: true, async handler() {
      const results = await precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      const js = results.filter((r) => r.file.endsWith('.js')).sort((a, b) => b.gzip - a.gzip);
      this.info?.(`precompressed ${results.length} files`);
      console.log(`\n[precompress] ${results.length} files (.gz + .br). Largest JS by gzip size:`);
      for (const r of js.slice(0, 8)) {
        console.log(`  ${r.file.padEnd(48)} raw ${kib(r.bytes).padStart(10)}  gz ${kib(r.gzip).padStart(9)}  br ${kib(r.brotli).padStart(9)}`);
      }
    } },
  };
}
