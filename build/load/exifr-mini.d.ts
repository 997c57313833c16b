/** exifr's smallest prebuilt bundle (its README, "Distributions"), typed as the package's own API. */
declare module 'exifr/dist/mini.esm.mjs' {
  export { gps } from 'exifr';
}
