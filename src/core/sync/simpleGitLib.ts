/**
 * simple-git, the library sync does its git work with, in one module. The CLI build ships it as
 * source text compiled only when `sync` or a merge driver runs (esbuild.mjs, `lazyText`), so
 * `write`, `status` and the other commands do not pay for parsing it at every start.
 */
export { type SimpleGit, GitError, GitResponseError, type MergeResult, simpleGit } from 'simple-git';
