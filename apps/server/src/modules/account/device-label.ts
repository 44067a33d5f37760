/** Browser families, most specific first: many agents also name the engines they descend from. */
const browsers: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/\b(Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(OPR|OPiOS|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(FxiOS|Firefox)\//, 'Firefox'],
  [/\b(CriOS|Chrome|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
]

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1]

/**
 * A human label for a session's device from its user agent: "Chrome on Android", "Safari on iPhone",
 * "Firefox on Windows". Unknown parts degrade to "Browser on Linux" or "Unknown device".
 */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser = first(userAgent, browsers)
  const system = first(userAgent, systems)
  if (browser && system) return `${browser} on ${system}`
  if (system) return `Browser on ${system}`
  return browser ?? 'Unknown device'
}
