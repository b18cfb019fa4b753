// hls.js's package exports its light build ("hls.js/light") without types: they are the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
