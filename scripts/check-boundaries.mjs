#!/usr/bin/env node
// Module boundaries of the server (docs/ARCHITECTURE.md, "Module boundaries").
//
// A module under apps/server/src/modules/<name>/ talks to another module only through what that module
// publishes (its service, its index.ts, its types and read-model helpers), never through the other module's
// repo or tables. The check reports:
//   - an import of another module's repo (`repo.ts`, `*-repo.ts`, `rows.ts`),
//   - an import of another module's `schema.ts` (its tables), except from a `schema.ts` (a foreign key needs
//     the other table) and except the shared identity names listed in SHARED_TABLE_EXPORTS,
//   - a table of another module named inside a sql`...` template (a raw string join).
// Allowed everywhere: tests (*.test.ts, test-support.ts) and the composition root (app.ts, compose/,
// wiring.ts), which build modules and so may import anything.
//
// Usage: node scripts/check-boundaries.mjs            check the server, exit 1 on a new violation
//        node scripts/check-boundaries.mjs --self-test  prove the check catches violations on a fixture
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const modulesDir = join(root, 'apps/server/src/modules')

// The `users` table is the identity every module joins for a name or a portrait; auth owns it and
// publishes it (with its row type) as the one shared read model. Any other name of auth/schema.ts is private.
const SHARED_TABLE_EXPORTS = { auth: new Set(['users', 'UserRow']) }
const SHARED_TABLES = new Set(['users'])

// Crossings that exist today, each "<file under modules/> import <module>/<file>" or
// "<file> sql <table>". The check fails on any crossing not listed here and on an entry that no longer
// matches anything, so the list can only shrink. It is empty: every crossing goes through the owner's read
// models or ports, and a new one fails the check.
const BASELINE = new Set([])

const isExempt = (rel) => {
  const name = basename(rel)
  return name.endsWith('.test.ts') || name === 'test-support.ts' || name === 'wiring.ts'
}
const isRepo = (name) => name === 'repo.ts' || name.endsWith('-repo.ts') || name === 'rows.ts'

function walk(dir) {
  const out = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(...walk(path))
    else if (entry.endsWith('.ts')) out.push(path)
  }
  return out
}

/** The module a path under modulesDir belongs to, or null. */
const moduleOf = (dir, path) => {
  const rel = relative(dir, path)
  return rel.startsWith('..') ? null : rel.split(sep)[0]
}

/** Table name (as in pgTable('name')) -> owning module. */
export function tableOwners(files, dir) {
  const owners = new Map()
  for (const [path, text] of files) {
    for (const m of text.matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) owners.set(m[1], moduleOf(dir, path))
  }
  return owners
}

/** The text of every sql`...` template in `text`, with ${...} holes removed. */
export function sqlTemplates(text) {
  const out = []
  let from = 0
  for (;;) {
    const start = text.indexOf('sql`', from)
    if (start < 0) return out
    let i = start + 4
    let body = ''
    while (i < text.length && text[i] !== '`') {
      if (text[i] === '\\') {
        body += text.slice(i, i + 2)
        i += 2
      } else if (text[i] === '$' && text[i + 1] === '{') {
        // skip the hole, counting braces (a nested template inside is scanned on its own later)
        let depth = 1
        i += 2
        while (i < text.length && depth > 0) {
          if (text[i] === '{') depth++
          else if (text[i] === '}') depth--
          i++
        }
        body += ' '
      } else body += text[i++]
    }
    out.push(body)
    from = start + 4
  }
}

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Violations in the files (Map path -> text) of a modules folder. */
export function check(files, dir) {
  const owners = tableOwners(files, dir)
  const found = []
  for (const [path, raw] of files) {
    const rel = relative(dir, path).split(sep).join('/')
    const own = moduleOf(dir, path)
    if (!own || isExempt(rel)) continue
    const text = stripComments(raw)
    const name = basename(path)
    for (const m of text.matchAll(/(?:import|export)\s+(type\s+)?([^;']*?)\s*from\s*'(\.[^']+)'/g)) {
      const target = resolve(dirname(path), m[3])
      const other = moduleOf(dir, target)
      if (!other || other === own) continue
      const targetName = basename(target)
      const what = `${other}/${targetName}`
      if (isRepo(targetName)) found.push(`${rel} import ${what}`)
      else if (targetName === 'schema.ts' && name !== 'schema.ts') {
        const names = [...m[2].matchAll(/([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?\s*[,}]/g)]
          .map((n) => n[1])
          .filter((n) => n !== 'type')
        const shared = SHARED_TABLE_EXPORTS[other]
        if (!shared || names.length === 0 || names.some((n) => !shared.has(n)))
          found.push(`${rel} import ${what}`)
      }
    }
    if (name === 'schema.ts') continue
    const named = new Set()
    for (const body of sqlTemplates(text)) {
      for (const word of body.match(/[a-z][a-z0-9_]*/g) ?? []) {
        const owner = owners.get(word)
        if (owner && owner !== own && !SHARED_TABLES.has(word)) named.add(`${rel} sql ${word}`)
      }
    }
    found.push(...named)
  }
  return [...new Set(found)].sort()
}

const readAll = (dir) => new Map(walk(dir).map((p) => [p, readFileSync(p, 'utf8')]))

/** New violations and baseline entries that no longer match anything. */
export function compare(found, baseline) {
  return {
    fresh: found.filter((v) => !baseline.has(v)),
    stale: [...baseline].filter((v) => !found.includes(v)),
  }
}

function selfTest() {
  // A ${...} hole of a template, written without one in this file.
  const hole = (expr) => ['$', `{${expr}}`].join('')
  const dir = '/fixture/modules'
  const files = new Map([
    [
      '/fixture/modules/a/schema.ts',
      "import { users } from '../auth/schema.ts'\nexport const a = pgTable('a_rows', {})",
    ],
    [
      '/fixture/modules/auth/schema.ts',
      "export const users = pgTable('users', {})\nexport const sessions = pgTable('sessions', {})",
    ],
    ['/fixture/modules/b/schema.ts', "export const bs = pgTable('b_rows', {})"],
    ['/fixture/modules/b/repo.ts', 'export const x = 1'],
    ['/fixture/modules/b/service.ts', 'export const y = 1'],
    [
      '/fixture/modules/a/repo.ts',
      [
        "import { x } from '../b/repo.ts'",
        "import { bs } from '../b/schema.ts'",
        "import { users, type UserRow } from '../auth/schema.ts'",
        "import { sessions } from '../auth/schema.ts'",
        "import { y } from '../b/service.ts'",
        '// sql`select * from b_rows` in a comment is fine',
        `const q = sql\`select * from a_rows join b_rows on ${hole('cond')} where ${hole('sql`1`')}\``,
      ].join('\n'),
    ],
    ['/fixture/modules/a/wiring.ts', "import { x } from '../b/repo.ts'"],
    ['/fixture/modules/a/a.test.ts', "import { x } from '../b/repo.ts'"],
  ])
  const want = [
    'a/repo.ts import auth/schema.ts',
    'a/repo.ts import b/repo.ts',
    'a/repo.ts import b/schema.ts',
    'a/repo.ts sql b_rows',
  ]
  const got = check(files, dir)
  const ok = JSON.stringify(got) === JSON.stringify(want)
  const { fresh, stale } = compare(got, new Set(['a/repo.ts import b/repo.ts', 'gone.ts import x/repo.ts']))
  const okCompare = fresh.length === 3 && stale.length === 1
  if (!ok || !okCompare) {
    console.error('check-boundaries self-test failed\nwant', want, '\ngot ', got, { fresh, stale })
    process.exit(1)
  }
  console.log('check-boundaries self-test: ok (catches repo, table and raw SQL violations)')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--self-test')) selfTest()
  else {
    const found = check(readAll(modulesDir), modulesDir)
    if (process.argv.includes('--list')) console.log(found.join('\n'))
    const { fresh, stale } = compare(found, BASELINE)
    for (const v of fresh) console.error(`module boundary crossed: ${v}`)
    for (const v of stale) console.error(`baseline entry no longer needed, remove it: ${v}`)
    if (fresh.length || stale.length) {
      console.error('See docs/ARCHITECTURE.md, "Module boundaries".')
      process.exit(1)
    }
    console.log(`module boundaries: ok (${BASELINE.size} known crossings in the baseline)`)
  }
}
