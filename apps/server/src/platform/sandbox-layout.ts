import { TestModeTexts } from '@velvet/contract'

/** Text for HTML: the five characters that could end an attribute or start a tag. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const baseStyle = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#eef1f5;color:#1c2430}main{margin:0 auto;padding:1.25rem 1rem 3rem}
.test-mode{margin:0;padding:.45rem 1rem;background:#f5a524;color:#1a1204;font-weight:700;text-align:center;
font-size:.9rem}header{display:flex;align-items:center;gap:.6rem;margin:.5rem 0 1.25rem}.mark{width:2rem;
height:2rem;border-radius:.5rem;background:var(--accent);color:#fff;display:grid;place-items:center;font-weight:700}
h1{font-size:1.25rem;margin:0}h2{font-size:1rem;margin:0 0 .75rem}.card{background:#fff;border-radius:.75rem;
padding:1.25rem;margin-bottom:1rem;box-shadow:0 1px 3px rgba(20,30,50,.08)}.note{background:#fff7e0;
border:1px solid #f0d58a;border-radius:.75rem;padding:.75rem 1rem;margin-bottom:1rem;font-size:.9rem}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}label:first-of-type{margin-top:0}
.hint{color:#5b6675;font-size:.85rem;margin:.25rem 0 0}.error{color:#b3261e;font-size:.9rem;margin:.3rem 0 0}
button{width:100%;padding:.85rem;border:0;border-radius:.6rem;background:var(--accent);color:#fff;font:inherit;
font-weight:700;cursor:pointer}footer{color:#5b6675;font-size:.8rem;text-align:center;margin-top:1.5rem}`

export interface SandboxPageKind {
  /** e.g. 'Velvet Payments Sandbox'. */
  name: string
  /** The letters in the header's square. */
  mark: string
  /** The colour of the mark and the buttons. */
  accent: string
  /** The widest the page's column gets. */
  width: string
  /** What is not real here, under every page. */
  footer: string
  /** The page's own rules, after the shared ones. */
  style: string
}

/**
 * A page of a built-in sandbox provider (hosted card form, 3DS, identity check): it says on every page that
 * it is test mode, so nobody takes it for a real payment or a real identity check.
 */
export function sandboxPage(kind: SandboxPageKind, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(kind.name)}</title>
<style>:root{--accent:${kind.accent}}${baseStyle}main{max-width:${kind.width}}${kind.style}</style></head><body>
<p class="test-mode" role="note">${escapeHtml(TestModeTexts.banner)}</p><main>
<header><span class="mark" aria-hidden="true">${escapeHtml(kind.mark)}</span><h1>${escapeHtml(kind.name)}</h1></header>
${body}<footer>${escapeHtml(kind.footer)}</footer>
</main></body></html>`
}
