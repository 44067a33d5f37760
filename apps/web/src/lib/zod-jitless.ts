import { z } from 'zod'

/**
 * Zod 4 compiles object parsers with `new Function` unless it runs jitless, and before the first one it
 * probes with `new Function('')`: the app's CSP (script-src without 'unsafe-eval') blocks that and reports a
 * `securitypolicyviolation` on every page, even though zod catches the error. Jitless parsing is plenty
 * fast for the answers the client reads. Imported first by main.tsx: schemas read the flag when they are
 * made (the contract's, at import), so it must be set before any of them exists.
 */
z.config({ jitless: true })
