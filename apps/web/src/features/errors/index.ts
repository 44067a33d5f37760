// The public entry of the errors feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { ErrorContentPage, ErrorPage } from './ErrorPage.tsx'
export { errorContent, errorContentOf, isPageError } from './error-content.ts'
export { LoadError } from './LoadError.tsx'
export { NotFoundScreen } from './NotFoundScreen.tsx'
