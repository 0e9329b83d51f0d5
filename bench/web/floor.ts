import path from 'node:path';
import { rspack } from '@rspack/core';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { PrecompressPlugin } from '../../tooling/rspack-config/src/precompress';

const FLOOR_DIR = path.join(ROOT, 'bench', 'web', 'floor');

/** The floor page, built with the repository's Rspack into the host's served folder (/floor/). */
export async function buildFloor(outDir: string, apiHost: string, clientId: string) {
  const compiler = rspack({
    mode: 'production',
    context: FLOOR_DIR,
    entry: { floor: './floor.tsx' },
    devtool: false,
    output: { path: outDir, publicPath: '/floor/', filename: '[name].[contenthash:12].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(FLOOR_DIR, 'index.html') }),
      new rspack.DefinePlugin({ FLOOR_API: JSON.stringify(apiHost), FLOOR_CLIENT_ID: JSON.stringify(clientId) }),
      // Compressed as the apps' builds are: the static server sends the copies a build wrote, and none is made on the fly.
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}
