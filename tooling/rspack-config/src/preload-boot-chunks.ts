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
/** The shared modules remote-auth's sign-in page runs on, from the host: Amplify's core (I18n, Hub, the configuration)
 *  and its internal utilities. Not core's service-client utilities: only Amplify's auth category uses them, and the
 *  widget loads that once its form is on screen (remote-auth's lazy-amplify-auth.ts). A page that consumed more would
 *  still get it, one round trip later, from the federation runtime. */
const SIGN_IN_SHARED = ['@aws-amplify/core', '@aws-amplify/core/internals/utils'];
/** The JSON data block naming SIGN_IN_SHARED's scripts, which the host's server preloads on the sign-in page
 *  (scripts/lib/sign-in-preloads.mjs). Not the rest of AUTH_CHUNK: the host's own auth functions are needed only once
 *  the form is on screen, and their bytes would share a phone's link with the widget's. */
const SIGN_IN_CHUNKS_ELEMENT_ID = 'bullpen-sign-in-chunks';

const PROVIDED = /^provide shared module \([^)]*\) (\S+)@[^@\s]+ = /;
const CONSUMED = /^consume shared module \([^)]*\) (\S+)@[^@\s]+ /;

type Provided = ReadonlyMap<string, Chunk[]>;

const chunksOf = (compilation: Compilation, module: Module) =>
  module.blocks.flatMap((block) => compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);

/** The chunks of each shared module this build provides, by share key. */
function providedChunks(compilation: Compilation): Provided {
  const provided = new Map<string, Chunk[]>();
  for (const module of compilation.modules) {
    const key = module.type === 'provide-module' ? PROVIDED.exec(module.identifier())?.[1] : undefined;
    if (key) provided.set(key, chunksOf(compilation, module));
  }
  return provided;
}

/** The chunks the named async chunk group needs before it can run (see neededChunks). */
function bootChunks(compilation: Compilation, provided: Provided, groupName: string): Chunk[] {
  const group = compilation.namedChunkGroups.get(groupName);
  return group ? neededChunks(compilation, provided, group.chunks) : [];
}

/** The chunks the shared modules this build provides under `keys` need before they can run. */
function sharedModuleChunks(compilation: Compilation, provided: Provided, keys: readonly string[]): Chunk[] {
  return neededChunks(
    compilation,
    provided,
    keys.flatMap((key) => provided.get(key) ?? []),
  );
}

/** The given chunks and those of the shared modules their modules consume, transitively. A shared module comes from
 *  the version this build provides (the host's are the singletons every page runs: it loads first, shareStrategy
 *  'loaded-first'), whose chunks are not the consume fallback's. */
function neededChunks(compilation: Compilation, provided: Provided, start: readonly Chunk[]): Chunk[] {
  const found = new Set<Chunk>();
  const queue = [...start];
  while (queue.length > 0) {
    const chunk = queue.shift() as Chunk;
    if (found.has(chunk)) continue;
    found.add(chunk);
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const key = CONSUMED.exec(module.identifier())?.[1];
      queue.push(...((key && provided.get(key)) || chunksOf(compilation, module)));
    }
  }
  return [...found];
}

export class PreloadBootChunksPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(PLUGIN, async (data) => {
        // Every list below walks the same shared modules: read the build's once.
        const provided = providedChunks(compilation);
        const files = bootChunks(compilation, provided, BOOT_CHUNK)
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
        const notBooted = (chunks: Chunk[]) =>
          chunks
            .flatMap((chunk) => [...chunk.files])
            .filter((file) => file.endsWith('.js') && !files.includes(file))
            .sort()
            .map((file) => `${data.publicPath}${file}`);
        const lists: [string, string[]][] = [
          [AUTH_CHUNKS_ELEMENT_ID, notBooted(bootChunks(compilation, provided, AUTH_CHUNK))],
          [SIGN_IN_CHUNKS_ELEMENT_ID, notBooted(sharedModuleChunks(compilation, provided, SIGN_IN_SHARED))],
        ];
        for (const [id, list] of lists) {
          if (list.length === 0) continue;
          data.headTags.push({
            tagName: 'script',
            voidTag: false,
            attributes: { type: 'application/json', id },
            // File names only ([\w.-] and the public path): nothing that could end the element.
            innerHTML: JSON.stringify(list),
          });
        }
        return data;
      });
    });
  }
}
