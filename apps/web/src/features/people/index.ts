// The public entry of the people feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { PeopleSkeleton, PersonRow } from './PersonRow.tsx'
export { useUserLists } from './people.queries.ts'
export { SearchField, useSearch } from './SearchField.tsx'
