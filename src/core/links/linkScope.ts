/**
 * Which Markdown files the link index serves: everything under `.CoreSoul/` and the workspace's
 * `AGENTS.md` by default, plus the files matched by the user's globs (setting
 * `coresoul.links.include`, relative to the workspace root), and a disk-backed LinkWorkspace
 * over them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import { SOUL_DIR as VAULT } from '../vault/layout';
import type { LinkWorkspace } from './linkIndex';

export interface LinkScope {
  readonly root: string;
  /** Whether `file` (absolute) is served. */
  includes(file: string): boolean;
  /** Every served file that exists, as absolute paths. */
  list(): Promise<string[]>;
}

const AGENTS = 'AGENTS.md';
/** Never worth a walk, and never user notes. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);
const isMarkdown = (name: string) => name.toLowerCase().endsWith('.md');

export function linkScope(root: string, include: readonly string[] = []): LinkScope {
  const abs = path.resolve(root);
  const globs = include.map((g) => new Minimatch(g.replace(/\\/g, '/').replace(/^\.\//, ''), { dot: true }));
  const relOf = (file: string) => path.relative(abs, file).split(path.sep).join('/');
  const inVault = (rel: string) => rel.startsWith(`${VAULT}/`) && !rel.startsWith(`${VAULT}/.git/`);

  const includes = (file: string) => {
    const rel = relOf(path.resolve(file));
    if (!isMarkdown(rel) || rel.startsWith('../') || path.isAbsolute(rel)) return false;
    return rel === AGENTS || inVault(rel) || globs.some((g) => g.match(rel));
  };

  const walk = async (dir: string, out: string[], enter: (rel: string) => boolean) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return; // a folder removed or unreadable while we look is simply not served
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && enter(relOf(p))) await walk(p, out, enter);
      } else if (e.isFile() && includes(p)) out.push(p);
    }
  };

  return {
    root: abs,
    includes,
    async list() {
      const out: string[] = [];
      if (fs.existsSync(path.join(abs, AGENTS))) out.push(path.join(abs, AGENTS));
      await walk(path.join(abs, VAULT), out, () => true);
      // Only folders a glob can still match below are entered; the vault was walked above.
      if (globs.length) await walk(abs, out, (rel) => rel !== VAULT && globs.some((g) => g.match(rel, true)));
      return [...new Set(out)].sort();
    },
  };
}

/** A LinkWorkspace over the disk; `overlay` gives an editor's unsaved text first. */
export function diskWorkspace(scope: LinkScope, overlay: (file: string) => string | undefined = () => undefined): LinkWorkspace {
  return {
    listFiles: () => scope.list(),
    async readFile(file) {
      const open = overlay(file);
      if (open !== undefined) return open;
      try {
        return await fs.promises.readFile(file, 'utf8');
      } catch {
        return undefined; // gone, or unreadable: either way not a note the index can serve
      }
    },
  };
}
