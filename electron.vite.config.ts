import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Rollup } from 'vite'

// Dependencies' comments that Rollup cannot place (zod ships some) are their authors' concern, not ours.
const onwarn: Rollup.RollupOptions['onwarn'] = (warning, warn) => {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return
  warn(warning)
}

// keytar is an optional native dependency: it must stay a runtime require of main, never bundled.
const mainExternals = ['keytar']

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        external: mainExternals,
        onwarn,
        input: {
          index: resolve('src/main/index.ts'),
          browserHost: resolve('src/main/host/browserHostCli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require nothing but `electron`: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        onwarn,
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      // electron-vite leaves the renderer unminified; minified, the page parses in less time at
      // every start (the cold-start bench row), in Electron and in the browser mode alike.
      minify: 'esbuild',
      // One bundle read from this computer's disk: splitting it would add requests, not save any.
      chunkSizeWarningLimit: 1500,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') }, onwarn },
    },
    plugins: [react()],
  },
})
