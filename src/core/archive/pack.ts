/**
 * `pack` (docs/pack.md, CoreSoul_PackSoul): AGENTS.md and the other bootloaders, the skills that
 * persona.md registers, `.CoreSoul/` complete (history as a git bundle) and MANIFEST.json, in
 * one `core_soul_deploy.tar.gz` or one self-extracting shell script.
 *
 * Deterministic: the same vault and the same clock give the same bytes. Entries are sorted,
 * every entry has the clock's time, no owner and mode 0644/0755, gzip writes no time stamp,
 * and the history bundle is built to be byte-stable (historyBundle.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BOOTLOADERS,
  HISTORY_BUNDLE,
  MANIFEST,
  type Manifest,
  type PackFormat,
  SKILL_DIRS,
  archivePathProblem,
  defaultArchiveName,
  hashFile,
  isLocalState,
  serializeManifest,
} from './layout';
import { fsError, refusedError } from '../shared/errors';
import { scanVault } from '../safety/scan';
import { withLock } from '../shared/fs';
import { hasHistory } from '../vault/history';
import { historyTips, writeHistoryBundle } from './historyBundle';
import { selfExtractingScript } from './selfExtract';
import { create as createTar } from './tarLib';
import { PERSONA_SECTIONS } from '../vault/personaSections';
import { SOUL_DIR, type Vault } from '../vault/layout';

export interface PackOptions {
  /** The archive's creation time: written to the manifest and used as every entry's time. */
  now: Date;
  /** Where to write; default `<root>/core_soul_deploy.tar.gz` (`.sh` for the sh format). */
  out?: string;
  format?: PackFormat;
  /** false: leave the git history out (`--no-history`). */
  history?: boolean;
  /** A CLI bundle to ship as `.CoreSoul/bin/coresoul.js` when the vault has no copy of its own. */
  cliBundle?: string;
  /** Pack even when `scan` finds secrets in what would travel (`--allow-secrets`). */
  allowSecrets?: boolean;
}

export interface Skipped {
  path: string;
  reason: string;
}

export interface PackReport {
  out: string;
  format: PackFormat;
  /** Size and sha256 of the archive file. */
  bytes: number;
  sha256: string;
  /** Workspace files in the archive (MANIFEST.json and the history bundle not counted). */
  files: number;
  skills: string[];
  history: Manifest['history'];
  commits?: number;
  cli: boolean;
  /** Links, devices and unsafe names found in the soul's folders, left out of the archive. */
  skipped: Skipped[];
}

export { PACK_FORMATS, type PackFormat } from './layout';

const CLI_PATH = `${SOUL_DIR}/bin/coresoul.js`;
const REGISTRY_HEADING = PERSONA_SECTIONS[3];

/** Packs the vault into one archive; `signal` stops it until the archive is published, leaving nothing behind. */
export async function packVault(v: Vault, opts: PackOptions, signal?: AbortSignal): Promise<PackReport> {
  const format = opts.format ?? 'tgz';
  const out = path.resolve(opts.out ?? path.join(v.root, defaultArchiveName(format)));
  if (!opts.allowSecrets) {
    const { found } = await scanVault(v, { history: opts.history !== false }, signal);
    if (found.length) {
      const first = found[0];
      throw refusedError(
        `the vault holds ${found.length} secret(s), first ${first.file}:${first.line} (${first.kind}${first.commit ? `, history ${first.commit}` : ''}); see coresoul scan, remove them, or pack with --allow-secrets`,
      );
    }
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'coresoul-pack-'));
  try {
    const tree = path.join(work, 'tree');
    // Files and history tips are taken under the vault lock: one consistent moment of the vault.
    let history: Manifest['history'] = !hasHistory(v) ? 'off' : opts.history === false ? 'omitted' : 'bundle';
    const { content, tips } = withLock(v.lockFile, () => ({
      content: copySoul(v, tree, opts.cliBundle),
      tips: history === 'bundle' ? historyTips(v) : undefined,
    }));
    const bundle = tips && (await writeHistoryBundle(v, tips, path.join(tree, HISTORY_BUNDLE)));
    if (!bundle && history === 'bundle') history = 'omitted'; // a repository without commits yet
    const meta = bundle ? [HISTORY_BUNDLE] : [];

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created: opts.now.toISOString(),
      history,
      ...(bundle && { head: bundle.head }),
      dirs: content.dirs,
      files: [...meta, ...content.files].map((p) => ({ path: p, ...hashFile(path.join(tree, p)) })),
    };
    fs.writeFileSync(path.join(tree, MANIFEST), serializeManifest(manifest));

    signal?.throwIfAborted();
    const tgz = path.join(work, 'archive.tar.gz');
    const entries = [MANIFEST, ...meta, ...[...content.dirs, ...content.files].sort(byCodePoint)];
    await pipeline(createTar({ cwd: tree, portable: true, mtime: opts.now, noDirRecurse: true, strict: true }, entries), zlib.createGzip({ level: 6 }), fs.createWriteStream(tgz), { signal });
    signal?.throwIfAborted();
    if (format === 'sh') {
      const sh = path.join(work, 'archive.sh');
      fs.writeFileSync(sh, selfExtractingScript(manifest));
      fs.appendFileSync(sh, fs.readFileSync(tgz));
      fs.chmodSync(sh, 0o755);
      publish(sh, out);
    } else {
      publish(tgz, out);
    }
    const { size, sha256 } = hashFile(out);
    return {
      out,
      format,
      bytes: size,
      sha256,
      files: content.files.length,
      skills: content.skills,
      history,
      ...(bundle && { commits: bundle.commits }),
      cli: content.files.includes(CLI_PATH),
      skipped: content.skipped,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Names listed in backticks in persona.md's Skill Registry section. */
export function registeredSkills(persona: string): string[] {
  const lines = persona.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => l.trim() === REGISTRY_HEADING);
  if (start === -1) return [];
  const next = lines.findIndex((l, i) => i > start && /^# /.test(l));
  const body = lines.slice(start + 1, next === -1 ? undefined : next).join('\n');
  return [...new Set([...body.matchAll(/`([A-Za-z0-9][\w.-]*)`/g)].map((m) => m[1]))];
}

interface SoulContent {
  files: string[];
  dirs: string[];
  skills: string[];
  skipped: Skipped[];
}

/**
 * Copies what the archive holds into `tree`, with normalised modes (0644, 0755 for executables
 * and folders); `cliBundle` stands in for `.CoreSoul/bin/coresoul.js` when the vault has none.
 */
function copySoul(v: Vault, tree: string, cliBundle: string | undefined): SoulContent {
  const c: SoulContent = { files: [], dirs: [], skills: [], skipped: [] };
  const dirs = new Set<string>();
  const addDir = (rel: string) => {
    for (let d = rel; d !== '.' && !dirs.has(d); d = path.posix.dirname(d)) dirs.add(d);
  };
  const addFile = (rel: string, st: fs.Stats, source = path.join(v.root, rel)) => {
    const problem = archivePathProblem(rel, false);
    if (problem) {
      c.skipped.push({ path: rel, reason: problem });
      return;
    }
    const dest = path.join(tree, rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    try {
      fs.copyFileSync(source, dest);
    } catch (err) {
      throw fsError(err, 'read', source);
    }
    fs.chmodSync(dest, st.mode & 0o111 || rel === CLI_PATH ? 0o755 : 0o644);
    c.files.push(rel);
    addDir(path.posix.dirname(rel));
  };
  const walk = (rel: string) => {
    addDir(rel);
    for (const name of fs.readdirSync(path.join(v.root, rel)).sort(byCodePoint)) {
      const child = `${rel}/${name}`;
      const st = fs.lstatSync(path.join(v.root, child));
      if (st.isDirectory()) {
        if (!isLocalState(child, true)) walk(child);
      } else if (st.isFile()) {
        if (!isLocalState(child, false)) addFile(child, st);
      } else {
        c.skipped.push({ path: child, reason: st.isSymbolicLink() ? 'symbolic link' : 'not a regular file' });
      }
    }
  };
  const kind = (rel: string) => fs.lstatSync(path.join(v.root, rel), { throwIfNoEntry: false });

  for (const b of BOOTLOADERS) {
    const st = kind(b);
    if (st?.isFile()) addFile(b, st);
    else if (st) c.skipped.push({ path: b, reason: 'not a regular file' });
  }
  const persona = fs.existsSync(v.persona) ? fs.readFileSync(v.persona, 'utf8') : '';
  for (const name of registeredSkills(persona)) {
    for (const dir of SKILL_DIRS) {
      if (!kind(`${dir}/${name}`)?.isDirectory()) continue;
      walk(`${dir}/${name}`);
      if (!c.skills.includes(name)) c.skills.push(name);
    }
  }
  walk(SOUL_DIR);
  const bundle = cliBundle && !c.files.includes(CLI_PATH) ? fs.statSync(cliBundle, { throwIfNoEntry: false }) : undefined;
  if (bundle?.isFile()) addFile(CLI_PATH, bundle, cliBundle);

  c.files.sort(byCodePoint);
  c.dirs = [...dirs].sort(byCodePoint);
  for (const d of c.dirs) {
    fs.mkdirSync(path.join(tree, d), { recursive: true });
    fs.chmodSync(path.join(tree, d), 0o755);
  }
  return c;
}

/** Moves the finished archive to `out` in one step: a reader never sees half an archive. */
function publish(file: string, out: string): void {
  const tmp = `${out}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.copyFileSync(file, tmp);
    fs.chmodSync(tmp, fs.statSync(file).mode & 0o777);
    fs.renameSync(tmp, out);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw fsError(err, 'write', out);
  }
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
