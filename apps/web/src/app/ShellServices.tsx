import { lazy, Suspense } from 'react'

// socket.io, banners, PWA and push code load after the first screen: they are not needed to paint it
// (and keep the initial route within its JavaScript budget, see bundle-budget.test.ts).
const ShellServiceList = lazy(() =>
  import('./ShellServiceList.tsx').then((m) => ({ default: m.ShellServiceList })),
)

/** Mount point for the app-wide services of the shell that are not screens. Rendered once by RootLayout. */
export function ShellServices() {
  return (
    <Suspense fallback={null}>
      <ShellServiceList />
    </Suspense>
  )
}
