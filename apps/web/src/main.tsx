import './lib/zod-jitless.ts'
import './ui/tokens.css'
import './ui/base.css'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { configureApi } from './app/bootstrap.ts'
import { loadClientConfig } from './app/config.ts'
import { StartupError } from './app/StartupError.tsx'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
const root = createRoot(container)

loadClientConfig()
  .then((config) => {
    configureApi(config)
    root.render(<App config={config} />)
  })
  .catch((error: unknown) => {
    console.error('client config could not be loaded', error)
    root.render(<StartupError />)
  })
