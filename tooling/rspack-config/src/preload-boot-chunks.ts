import { type Chunk, type Compilation, type Compiler, type Module, rspack } from '@rspack/core';

// A cold visit on a slow link: main.js names the chunks the app boots with (the async boundary's chunk and the
// shared singletons it consumes: React, react-dom, the router, Amplify's core, @bullpen/shared), so on its own the
// browser would ask for them only once main.js had arrived and run, a round trip and main.js's run after the page.
// The page names them itself (<link rel="preload" as="script">), so they download beside main.js; main.js then finds them
// in the memory cache. Only what booting needs: lazily loaded chunks (a page's later screens) are not preloaded.

const PLUGIN = 'PreloadBootChunksPlugin';
/** The async boundary's chunk name (`import(/* webpackChunkName: "bootstrap" *\/ './bootstrap')` in src/index.ts). */
const BOOT_CHUNK = 'bootstrap';
/** Amplify's auth, loaded on demand (@bullpen/shared's configure-auth.ts): a signed-out visit needs it at once, a
 *  signed-in one with a good token not at all, and only main.js can tell which (the token is in localStorage). */
const AUTH_CHUNK = 'auth-session';
/** The JSON data block naming AUTH_CHUNK's scripts, for main.js to preload when there is no good stored token. */
const AUTH_CHUNKS_ELEMENT_ID = 'bullpen-auth-chunks';

const PROVIDED = /^provide shared module \([^)]*\) (\S+)@[^@\s]+ = /;
const CONSUMED = /^consume shared module \([^)]*\) (\S+)@[^@\s]+ /;

/** The chunks the named async chunk group needs before it can run: its own, and those of the shared modules its
 *  modules consume, transitively. A shared module comes from the version this build provides (the host's are the
 *  singletons every page runs: it loads first, shareStrategy 'loaded-first'), whose chunks are not the consume
 *  fallback's. */
function bootChunks(compilation: Compilation, groupName: string): Chunk[] {
  const group = compilation.namedChunkGroups.get(groupName);
  if (!group) return [];
  const chunksOf = (module: Module) =>
    module.blocks.flatMap((block) => compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
  const provided = new Map<string, Chunk[]>();
  for (const module of compilation.modules) {
    const key = module.type === 'provide-module' ? PROVIDED.exec(module.identifier())?.[1] : undefined;
    if (key) provided.set(key, chunksOf(module));
  }
  const found = new Set<Chunk>();
  const queue = [...group.chunks];
  while (queue.length > 0) {
    const chunk = queue.shift() as Chunk;
    if (found.has(chunk)) continue;
    found.add(chunk);
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const key = CONSUMED.exec(module.identifier())?.[1];
      queue.push(...((key && provided.get(key)) || chunksOf(module)));
    }
  }
  return [...found];
}

export class PreloadBootChunksPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(PLUGIN, async (data) => {
        const files = bootChunks(compilation, BOOT_CHUNK)
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => file.endsWith('.js'));
        if (files.length === 0) {
          compilation.errors.push(
            new rspack.WebpackError(`${PLUGIN}: no "${BOOT_CHUNK}" chunk group (src/index.ts's boundary)`),
          );
          return data;
        }
        const preloads = files.sort().map((file) => ({
          tagName: 'link',
          voidTag: true,
          attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
        }));
        data.headTags.push(...preloads);
        const authFiles = bootChunks(compilation, AUTH_CHUNK)
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => file.endsWith('.js') && !files.includes(file))
          .sort()
          .map((file) => `${data.publicPath}${file}`);
        if (authFiles.length > 0) {
          data.headTags.push({
            tagName: 'script',
            voidTag: false,
            attributes: { type: 'application/json', id: AUTH_CHUNKS_ELEMENT_ID },
            // File names only ([\w.-] and the public path): nothing that could end the element.
            innerHTML: JSON.stringify(authFiles),
          });
        }
        return data;
      });
    });
  }
}
