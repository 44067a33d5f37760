/** Replace one `## Title` section of a Markdown file (up to the next `## ` heading), keeping the rest. */
export function replaceSection(document: string, title: string, section: string): string {
  const heading = `## ${title}`
  const body = `${section.trimEnd()}\n`
  const lines = document.split('\n')
  const start = lines.findIndex((line) => line.trimEnd() === heading)
  if (start === -1) {
    const base = document.trimEnd()
    return base ? `${base}\n\n${body}` : `# Benchmarks\n\n${body}`
  }
  let end = lines.findIndex((line, i) => i > start && /^## /.test(line))
  if (end === -1) end = lines.length
  const before = lines.slice(0, start).join('\n').trimEnd()
  const after = lines.slice(end).join('\n').trimEnd()
  return [before, body.trimEnd(), after]
    .filter((part) => part.length > 0)
    .join('\n\n')
    .concat('\n')
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
