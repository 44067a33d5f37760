import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/precompress.ts'
import { APPLE_TOUCH_SIZE, ICON_SIZES, MASKABLE_SIZES, pwaAssets, tokenColour } from './scripts/pwa-assets.ts'

/** The web app manifest (installability): colours come from tokens.css, icons from scripts/pwa-assets.ts. */
function pwa() {
  const background = tokenColour('color-bg')
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // The app registers /sw.js itself (features/pwa/service-worker.ts): no inline script (CSP).
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Velvet',
      short_name: 'Velvet',
      description:
        'Velvet: exclusive posts, private messages and live shows from the creators you love. 18+ only.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      background_color: background,
      theme_color: background,
      categories: ['social', 'entertainment'],
      icons: [
        ...ICON_SIZES.map((size) => ({
          src: `/icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        ...MASKABLE_SIZES.map((size) => ({
          src: `/icons/maskable-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'maskable',
        })),
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      // Only what works without the network: the offline page, its icon and the push icons. A navigation
      // always goes to the network (the server embeds the client config in index.html) and falls back to
      // offline.html, so precaching the app's scripts would only download again, on a first visit, what
      // the page has just loaded. Scripts and styles are cached as they are used (sw.ts).
      globPatterns: ['offline.html', 'favicon.svg', 'icons/icon-192.png', 'icons/badge-96.png'],
      globIgnores: ['**/*.map', 'sw.js', `icons/apple-touch-icon-${APPLE_TOUCH_SIZE}.png`],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  })
}

/**
 * Build output goes to apps/web/dist, which the server serves (injecting the client config into
 * index.html). In `vite dev` the API runs separately: its paths are proxied (VELVET_API_ORIGIN,
 * default http://localhost:3000) and the app fetches the client config itself.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', 'VELVET_')
  const target = env.VELVET_API_ORIGIN || 'http://localhost:3000'
  const proxied = { target, changeOrigin: false }
  return {
    plugins: [react(), pwaAssets(), pwa(), precompress()],
    server: {
      port: 5173,
      proxy: {
        '/fapi/': proxied,
        '/api/': proxied,
        '/media/': proxied,
        '/docs': proxied,
        '/healthz': proxied,
        '/socket.io/': { ...proxied, ws: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Stable vendor chunks cache across deploys; form libraries stay with the screens that use them,
          // and so does @tanstack/react-virtual (only the feed's lists use it, never the first screen).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
              },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              // What the first screen needs, in one chunk: split into many small shared chunks it
              // compresses worse (each lazily loaded screen that shares a module would split it out).
              { name: 'app', tags: ['$initial'] },
            ],
          },
        },
      },
    },
  }
})
