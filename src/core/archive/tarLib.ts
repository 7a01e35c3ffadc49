/**
 * The parts of `tar` that pack and restore use, in one module. The CLI build ships this module
 * as source text that is compiled only when pack or restore runs (esbuild.mjs, `lazyText`), so
 * that the other commands do not pay for parsing it at every start.
 */
export type { ReadEntry } from 'tar';
export { create } from 'tar/create';
export { Unpack } from 'tar/unpack';
