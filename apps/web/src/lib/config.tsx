import type { ClientConfig } from '@velvet/contract'
import { createContext, type ReactNode, useContext } from 'react'

const ConfigContext = createContext<ClientConfig | null>(null)

export function ConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ConfigContext)
  if (!config) throw new Error('useClientConfig outside ConfigProvider')
  return config
}
