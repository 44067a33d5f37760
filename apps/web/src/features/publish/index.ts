// The public entry of the publish feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.

export { type ComposerMedia, fromLocalInput } from './composer-rules.ts'
export { MediaSection } from './MediaSection.tsx'
export { PublishPath } from './paths.ts'
export { scheduleText, timeZoneLabel } from './time-format.ts'
export { uploadView } from './upload-view.ts'
export { useUploadQueue } from './use-upload-queue.ts'
