import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { Plugin } from 'vite'

/**
 * Build-time PWA assets, made from the SVG sources in public/icons (no PNG is committed):
 * - the manifest icons of every size, maskable icons, the apple-touch icon and the notification badge;
 * - offline.html, the page the service worker serves when a navigation fails, with tokens.css inlined.
 * `vite build` emits them into dist; `vite dev` serves them from memory.
 */
const webRoot = path.resolve(import.meta.dirname, '..')
const iconsDir = path.join(webRoot, 'public/icons')

export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const
export const MASKABLE_SIZES = [192, 512] as const
export const APPLE_TOUCH_SIZE = 180
export const BADGE_SIZE = 96

interface Asset {
  fileName: string
  render(): Promise<Buffer>
}

/** The near-black surface of tokens.css: apple-touch icons must not be transparent. */
export function tokenColour(name: string): string {
  const css = readFileSync(path.join(webRoot, 'src/ui/tokens.css'), 'utf8')
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(css)
  if (!match?.[1]) throw new Error(`tokens.css has no --${name}`)
  return match[1]
}

function png(source: string, size: number, flattenOn?: string): Promise<Buffer> {
  const svg = readFileSync(path.join(iconsDir, source))
  let image = sharp(svg, { density: Math.max(72, Math.ceil((72 * size) / 512) * 4) }).resize(size, size)
  if (flattenOn) image = image.flatten({ background: flattenOn })
  return image.png({ compressionLevel: 9 }).toBuffer()
}

function assets(): Asset[] {
  const list: Asset[] = [
    ...ICON_SIZES.map((size) => ({
      fileName: `icons/icon-${size}.png`,
      render: () => png('icon.svg', size),
    })),
    ...MASKABLE_SIZES.map((size) => ({
      fileName: `icons/maskable-${size}.png`,
      render: () => png('icon-maskable.svg', size),
    })),
    {
      fileName: `icons/apple-touch-icon-${APPLE_TOUCH_SIZE}.png`,
      render: () => png('icon-maskable.svg', APPLE_TOUCH_SIZE, tokenColour('color-bg')),
    },
    { fileName: `icons/badge-${BADGE_SIZE}.png`, render: () => png('badge.svg', BADGE_SIZE) },
    {
      fileName: 'offline.html',
      render: async () => {
        const template = readFileSync(path.join(webRoot, 'scripts/offline.html'), 'utf8')
        const tokens = readFileSync(path.join(webRoot, 'src/ui/tokens.css'), 'utf8')
        return Buffer.from(template.replace('/*__TOKENS__*/', tokens))
      },
    },
  ]
  return list
}

export function pwaAssets(): Plugin {
  return {
    name: 'velvet-pwa-assets',
    transformIndexHtml() {
      return [
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: `/icons/apple-touch-icon-${APPLE_TOUCH_SIZE}.png` },
          injectTo: 'head',
        },
        { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: 'Velvet' }, injectTo: 'head' },
        {
          tag: 'meta',
          attrs: { name: 'apple-mobile-web-app-status-bar-style', content: 'black-translucent' },
          injectTo: 'head',
        },
      ]
    },
    configureServer(server) {
      const byPath = new Map(assets().map((asset) => [`/${asset.fileName}`, asset]))
      server.middlewares.use((req, res, next) => {
        const asset = byPath.get((req.url ?? '').split('?')[0] ?? '')
        if (!asset) return next()
        asset.render().then(
          (body) => {
            res.setHeader('content-type', asset.fileName.endsWith('.html') ? 'text/html' : 'image/png')
            res.end(body)
          },
          (error: unknown) => next(error),
        )
      })
    },
    async generateBundle() {
      for (const asset of assets()) {
        this.emitFile({ type: 'asset', fileName: asset.fileName, source: await asset.render() })
      }
    },
  }
}
