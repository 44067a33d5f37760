import type { BrowserContext } from 'playwright-core'

/**
 * Records every Content-Security-Policy violation the pages of `context` report (the document's
 * `securitypolicyviolation` event, caught errors included: a library probing `new Function` counts), from
 * now on. Answers a reader of what was recorded so far.
 */
export async function recordCspViolations(context: BrowserContext): Promise<() => string[]> {
  const seen: string[] = []
  await context.exposeBinding('__velvetCspViolation', ({ page }, text: string) => {
    seen.push(`${page.url()}: ${text}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __velvetCspViolation(text: string): void }).__velvetCspViolation
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
  return () => [...seen]
}
