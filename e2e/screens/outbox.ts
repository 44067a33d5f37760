import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Without SMTP_URL the server writes each mail to DATA_DIR/outbox/<iso-time>-<uuid>.eml; the sign-in code
 * is in the subject ("<code> is your Velvet code"). Waits for a code mailed to `email` that was not seen
 * before (pass the codes already used).
 */
export async function codeFromOutbox(
  dataDir: string,
  email: string,
  options: { ignore?: readonly string[]; timeoutMs?: number } = {},
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  while (Date.now() < deadline) {
    let files: string[] = []
    try {
      files = readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .reverse()
    } catch {
      // No mail yet.
    }
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), 'utf8')
      if (!new RegExp(`^To: .*${email.replaceAll('.', '\\.')}`, 'mi').test(raw)) continue
      const code = /^Subject: (\d{6}) is your/m.exec(raw)?.[1]
      if (code && !options.ignore?.includes(code)) return code
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no new code mailed to ${email}`)
}
