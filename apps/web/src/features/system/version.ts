import { VERSION_PATH, VersionFile } from '@velvet/contract'

/** True when the deployed version is known and differs from the one running (spec §4). */
export function isNewVersion(running: string, deployed: string | null): boolean {
  return deployed !== null && deployed !== '' && deployed !== running
}

/** The deployed version from /v.json (never cached), or null when it cannot be read. */
export async function fetchDeployedVersion(): Promise<string | null> {
  try {
    const response = await fetch(VERSION_PATH, { cache: 'no-store', headers: { accept: 'application/json' } })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return VersionFile.parse(await response.json()).version
  } catch (error) {
    console.debug('version check failed', error)
    return null
  }
}
