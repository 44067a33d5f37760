import { QueryClientProvider } from '@tanstack/react-query'
import type { ClientConfig } from '@velvet/contract'
import { StrictMode } from 'react'
import { RouterProvider } from 'react-router'
import { ConfigProvider } from '../lib/config.tsx'
import { queryClient } from '../lib/query-client.ts'
import { router } from './router.tsx'

export function App({ config }: { config: ClientConfig }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>
  )
}
