#!/usr/bin/env node
// One public entry per web feature (docs/ARCHITECTURE.md, "Web app"; docs/decisions.md, "One entry per web
// feature").
//
// A feature under apps/web/src/features/<name>/ reaches another feature only through that feature's
// `index.ts`. Inside a feature, files import each other freely. The check resolves every relative import of
// a feature file (static `import ... from`, `export ... from`, a bare `import '...'` of a stylesheet and a
// dynamic `import('...')`) and reports one that lands in another feature on any file but its index.ts.
// Tests are held to the same rule. A stylesheet borrowed from another feature is listed in BASELINE. The composition root (apps/web/src/app/) wires features together and is
// not checked.
//
// Usage: node scripts/check-web-features.mjs            check the web app, exit 1 on a violation
//        node scripts/check-web-features.mjs --self-test  prove the check catches violations on a fixture
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const featuresDir = join(root, 'apps/web/src/features')

// Stylesheets that a feature still borrows from another, each "<file> imports <feature>/<file>.css". A
// stylesheet cannot go through index.ts (importing it there would load it for every importer), so these
// classes belong in the shared kit (ui/) or in the owner's component that draws them. The check fails on a
// crossing not listed here and on an entry that no longer matches anything, so the list can only shrink.
const BASELINE = new Set([])

function walk(dir) {
  const out = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(...walk(path))
    else if (/\.(ts|tsx)$/.test(entry)) out.push(path)
  }
  return out
}

/** The feature a path under `dir` belongs to, or null when it lies outside. */
const featureOf = (dir, path) => {
  const rel = relative(dir, path)
  return rel.startsWith('..') || !rel.includes(sep) ? null : rel.split(sep)[0]
}

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Every relative specifier a file imports: `from '.'`, `import '.'` and `import('.')`. */
export function specifiers(text) {
  const clean = stripComments(text)
  const out = []
  for (const m of clean.matchAll(
    /\bfrom\s*'(\.[^']*)'|\bimport\s*'(\.[^']*)'|\bimport\(\s*'(\.[^']*)'\s*\)/g,
  )) {
    out.push(m[1] ?? m[2] ?? m[3])
  }
  return out
}

/** Violations in the files (Map path -> text) of a features folder, as "<file> imports <feature>/<file>". */
export function check(files, dir) {
  const found = []
  for (const [path, text] of files) {
    const own = featureOf(dir, path)
    if (!own) continue
    for (const spec of specifiers(text)) {
      const target = resolve(dirname(path), spec)
      const other = featureOf(dir, target)
      if (!other || other === own) continue
      if (target === join(dir, other, 'index.ts')) continue
      const rel = (p) => relative(dir, p).split(sep).join('/')
      found.push(`${rel(path)} imports ${rel(target)}`)
    }
  }
  return [...new Set(found)].sort()
}

function selfTest() {
  const dir = '/fixture/features'
  const files = new Map([
    ['/fixture/features/auth/session.ts', "import { x } from './steps/a.ts'\nexport const s = 1"],
    ['/fixture/features/auth/steps/a.ts', "import { s } from '../session.ts'\nexport const x = 1"],
    ['/fixture/features/auth/index.ts', "export { s } from './session.ts'"],
    [
      '/fixture/features/chat/ChatScreen.tsx',
      [
        "import { s } from '../auth/index.ts'",
        "import { x } from '../auth/steps/a.ts'",
        "import type { S } from '../auth/session.ts'",
        "import '../auth/auth.css'",
        "const Lazy = lazy(() => import('../auth/Login.tsx'))",
        "import { Button } from '../../ui/Button.tsx'",
        "// import { s } from '../auth/session.ts' in a comment is fine",
      ].join('\n'),
    ],
    ['/fixture/features/chat/chat.test.ts', "export { s } from '../auth/session.ts'"],
    ['/fixture/app/router.tsx', "import { s } from '../features/auth/session.ts'"],
  ])
  const want = [
    'chat/ChatScreen.tsx imports auth/Login.tsx',
    'chat/ChatScreen.tsx imports auth/auth.css',
    'chat/ChatScreen.tsx imports auth/session.ts',
    'chat/ChatScreen.tsx imports auth/steps/a.ts',
    'chat/chat.test.ts imports auth/session.ts',
  ]
  const got = check(files, dir)
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    console.error('check-web-features self-test failed\nwant', want, '\ngot ', got)
    process.exit(1)
  }
  console.log(
    'check-web-features self-test: ok (catches static, type, style and lazy imports of inner files)',
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--self-test')) selfTest()
  else {
    const files = new Map(walk(featuresDir).map((p) => [p, readFileSync(p, 'utf8')]))
    const found = check(files, featuresDir)
    const fresh = found.filter((v) => !BASELINE.has(v))
    const stale = [...BASELINE].filter((v) => !found.includes(v))
    for (const v of fresh) console.error(`web feature entry bypassed: ${v} (import ../<feature>/index.ts)`)
    for (const v of stale) console.error(`baseline entry no longer needed, remove it: ${v}`)
    if (fresh.length || stale.length) {
      console.error('See docs/ARCHITECTURE.md, "Web app".')
      process.exit(1)
    }
    console.log(
      `web features: ok (imports of another feature go through its index.ts; ${BASELINE.size} borrowed stylesheets in the baseline)`,
    )
  }
}
