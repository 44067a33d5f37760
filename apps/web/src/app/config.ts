import { ClientConfig, clientConfig, okBody } from '@velvet/contract'

const CONFIG_ELEMENT_ID = 'velvet-config'

/**
 * The public client config: the server embeds it in index.html as
 * <script type="application/json" id="velvet-config">; without it (vite dev) it is fetched from the
 * `clientConfig` call.
 */
export async function loadClientConfig(): Promise<ClientConfig> {
  const embedded = document.getElementById(CONFIG_ELEMENT_ID)?.textContent
  if (embedded) {
    const parsed = ClientConfig.safeParse(JSON.parse(embedded))
    if (parsed.success) return parsed.data
  }
  const response = await fetch(clientConfig.path, { headers: { accept: 'application/json' } })
  return okBody(ClientConfig).parse(await response.json()).data
}
