// hls.js ships no types for its light build (no subtitles, alternate audio or DRM, which posts never use):
// it is the same API as the full build.
declare module 'hls.js/light' {
  export * from 'hls.js'
  export { default } from 'hls.js'
}
