/**
 * Abstract pictures for demo content, drawn as SVG (sharp renders them): gradients and shapes only, never
 * text or anything that could pass for a photo of a person. The same style, palette and seed draw the same
 * picture; another seed gives another picture (and so another file md5).
 */

export type ArtStyle = 'sunset' | 'blobs' | 'peaks' | 'rings' | 'waves'

/** Colours from the background to the accents; at least four. */
export type Palette = readonly [string, string, string, string, ...string[]]

export interface ArtSpec {
  style: ArtStyle
  palette: Palette
  seed: number
}

/** A small deterministic generator (mulberry32): demo pictures come out the same on every machine. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const fixed = (n: number) => n.toFixed(1)

function colourAt(palette: Palette, index: number): string {
  return palette[index % palette.length] ?? palette[0]
}

function verticalGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`
}

/** A synthwave evening: sky, a striped sun, far hills and a grid floor. */
function sunset(w: number, h: number, p: Palette, rnd: () => number): string {
  const horizon = h * (0.58 + rnd() * 0.08)
  const r = Math.min(w, h) * (0.2 + rnd() * 0.08)
  const cx = w * (0.3 + rnd() * 0.4)
  const cy = horizon - r * 0.35
  const stripes = Array.from({ length: 6 }, (_, i) => {
    const y = cy + r * (0.1 + i * 0.15)
    return `<rect x="${fixed(cx - r)}" y="${fixed(y)}" width="${fixed(2 * r)}" height="${fixed(3 + i * 2.5)}" fill="${p[0]}"/>`
  }).join('')
  const hills = Array.from({ length: 9 }, (_, i) => {
    const x = (w / 8) * i
    return `${fixed(x)},${fixed(horizon - rnd() * h * 0.09)}`
  }).join(' ')
  const verticals = Array.from({ length: 17 }, (_, i) => {
    const x = (w / 16) * i
    return `<line x1="${fixed(w / 2 + (x - w / 2) * 0.15)}" y1="${fixed(horizon)}" x2="${fixed(w / 2 + (x - w / 2) * 2.4)}" y2="${h}"/>`
  }).join('')
  const stars = Array.from({ length: 40 }, () => {
    const opacity = (0.3 + rnd() * 0.7).toFixed(2)
    return `<circle cx="${fixed(rnd() * w)}" cy="${fixed(rnd() * horizon * 0.75)}" r="${fixed(1 + rnd() * 2)}" opacity="${opacity}"/>`
  }).join('')
  const sunTop = colourAt(p, 3 + Math.floor(rnd() * 2))
  const horizontals = Array.from({ length: 9 }, (_, i) => {
    const y = horizon + (h - horizon) * ((i + 1) / 9) ** 1.8
    return `<line x1="0" y1="${fixed(y)}" x2="${w}" y2="${fixed(y)}"/>`
  }).join('')
  return `<defs>${verticalGradient('sky', p[0], p[1])}${verticalGradient('sun', sunTop, p[2])}${verticalGradient('floor', p[1], p[0])}</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<g fill="${p[3]}">${stars}</g>
<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="url(#sun)"/>${stripes}
<polygon points="0,${fixed(horizon)} ${hills} ${w},${fixed(horizon)}" fill="${p[0]}" opacity="0.85"/>
<rect y="${fixed(horizon)}" width="${w}" height="${fixed(h - horizon)}" fill="url(#floor)"/>
<g stroke="${p[2]}" stroke-width="2" opacity="0.7">${verticals}${horizontals}</g>`
}

/** Soft coloured light: large blurred circles over a gradient. */
function blobs(w: number, h: number, p: Palette, rnd: () => number): string {
  const circles = Array.from({ length: 7 }, (_, i) => {
    const r = Math.min(w, h) * (0.18 + rnd() * 0.22)
    return `<circle cx="${fixed(rnd() * w)}" cy="${fixed(rnd() * h)}" r="${fixed(r)}" fill="${colourAt(p, 1 + i)}" opacity="${(0.55 + rnd() * 0.4).toFixed(2)}"/>`
  }).join('')
  const blur = fixed(Math.min(w, h) * 0.07)
  return `<defs>${verticalGradient('bg', p[0], p[1])}<filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<g filter="url(#soft)">${circles}</g>`
}

/** Mountain ridges fading into the distance under a moon. */
function peaks(w: number, h: number, p: Palette, rnd: () => number): string {
  const layers = 5
  const ridges = Array.from({ length: layers }, (_, layer) => {
    const base = h * (0.45 + layer * 0.11)
    const steps = 7 + layer * 2
    const points = Array.from({ length: steps + 1 }, (_, i) => {
      const x = (w / steps) * i
      const y = base - rnd() * h * (0.22 - layer * 0.03)
      return `${fixed(x)},${fixed(y)}`
    }).join(' ')
    const shade = colourAt(p, layers - layer)
    return `<polygon points="0,${h} ${points} ${w},${h}" fill="${shade}" opacity="${(0.55 + layer * 0.1).toFixed(2)}"/>`
  }).join('')
  const moonR = Math.min(w, h) * (0.07 + rnd() * 0.05)
  return `<defs>${verticalGradient('sky', p[0], p[1])}</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${fixed(w * (0.2 + rnd() * 0.6))}" cy="${fixed(h * (0.14 + rnd() * 0.12))}" r="${fixed(moonR)}" fill="${p[3]}" opacity="0.9"/>
${ridges}`
}

/** Concentric arcs and circles, off-centre, on a dark ground. */
function rings(w: number, h: number, p: Palette, rnd: () => number): string {
  const cx = w * (0.25 + rnd() * 0.5)
  const cy = h * (0.3 + rnd() * 0.4)
  const max = Math.hypot(w, h) * 0.6
  const arcs = Array.from({ length: 16 }, (_, i) => {
    const r = (max / 16) * (i + 1)
    const dash = fixed(r * (0.5 + rnd() * 2.5))
    const gap = fixed(r * (0.2 + rnd()))
    return `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="none" stroke="${colourAt(p, 1 + (i % (p.length - 1)))}" stroke-width="${fixed(4 + rnd() * (max / 40))}" stroke-dasharray="${dash} ${gap}" transform="rotate(${Math.round(rnd() * 360)} ${fixed(cx)} ${fixed(cy)})" opacity="0.85"/>`
  }).join('')
  return `<rect width="${w}" height="${h}" fill="${p[0]}"/>${arcs}
<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(max / 24)}" fill="${p[3]}"/>`
}

/** Layered waves, as on a poster of the sea. */
function waves(w: number, h: number, p: Palette, rnd: () => number): string {
  const bands = 6
  const paths = Array.from({ length: bands }, (_, band) => {
    const base = h * (0.3 + band * 0.12)
    const amplitude = h * (0.03 + rnd() * 0.05)
    const length = w / (1.2 + rnd() * 1.8)
    const phase = rnd() * length
    const points: string[] = []
    for (let x = 0; x <= w; x += w / 48) {
      const y = base + Math.sin(((x + phase) / length) * 2 * Math.PI) * amplitude
      points.push(`${fixed(x)},${fixed(y)}`)
    }
    return `<polygon points="0,${h} ${points.join(' ')} ${w},${h}" fill="${colourAt(p, band + 1)}" opacity="${(0.6 + band * 0.07).toFixed(2)}"/>`
  }).join('')
  return `<defs>${verticalGradient('sky', p[0], p[1])}</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>${paths}`
}

const painters: Record<ArtStyle, (w: number, h: number, p: Palette, rnd: () => number) => string> = {
  sunset,
  blobs,
  peaks,
  rings,
  waves,
}

/** The SVG document of a picture `width` × `height` pixels. */
export function artSvg(spec: ArtSpec, width: number, height: number): string {
  const body = painters[spec.style](width, height, spec.palette, randomFrom(spec.seed))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}
