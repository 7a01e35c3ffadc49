/**
 * What a soul archive may hold (docs/pack.md) and its MANIFEST.json. Shared by pack and restore, so
 * that pack never writes a path that restore would refuse, and restore accepts nothing else:
 * an archive cannot plant `.git/hooks`, CI workflows or anything outside the soul's folders.
 */
import * as fs from 'node:fs';
import * as z from 'zod/mini';
import { refusedError } from '../shared/errors';
import { HOSTS } from '../init/scaffold';
import { CONTROL_RANGE, hasControlCharacter } from '../shared/text';
import { SOUL_DIR } from '../vault/layout';
import { nodeCrypto } from '../shared/nodeLazy';

export const MANIFEST = 'MANIFEST.json';
/** The vault's git history as a `git bundle`; restored into `.CoreSoul/.git`, never placed as a file. */
export const HISTORY_BUNDLE = 'HISTORY.bundle';
export const ARCHIVE_FORMAT = 'coresoul-pack';
export const ARCHIVE_VERSION = 1;

export type PackFormat = 'tgz' | 'sh';
export const PACK_FORMATS: readonly PackFormat[] = ['tgz', 'sh'];
export const defaultArchiveName = (format: PackFormat) => (format === 'sh' ? 'core_soul_deploy.sh' : 'core_soul_deploy.tar.gz');

export const BOOTLOADERS = ['AGENTS.md', ...Object.values(HOSTS).flatMap((h) => ('bootloader' in h ? [h.bootloader] : []))];
export const SKILL_DIRS = Object.values(HOSTS).flatMap((h) => ('skillsDir' in h ? [h.skillsDir] : []));

/**
 * Lock files (and their `.lock.<pid>` anchors), temp files, the search cache and the raw git
 * folder: state of one machine, never packed, and refused in an archive.
 */
export function isLocalState(rel: string, isDir: boolean): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  if (isDir) return name === '.git' || rel === `${SOUL_DIR}/cache`;
  return /^\.lock(\.|$)/.test(name) || name.endsWith('.tmp');
}

/** Why a path (relative, `/`-separated) cannot be in an archive, or undefined when it can. */
export function archivePathProblem(p: string, isDir: boolean): string | undefined {
  if (!p) return 'empty path';
  if (hasControlCharacter(p) || p.includes('\\')) return 'control character or backslash in path';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return 'absolute path';
  const parts = p.split('/');
  if (parts.includes('..')) return 'path climbs out with ".."';
  if (parts.some((s) => s === '' || s === '.')) return 'empty or "." path segment';
  if (parts.includes('.git')) return 'raw .git folder (history travels as a bundle)';
  if (parts.some((_, i) => isLocalState(parts.slice(0, i + 1).join('/'), i < parts.length - 1 || isDir))) return 'machine-local state (lock, temp file or cache)';
  if (!isDir && (p === MANIFEST || p === HISTORY_BUNDLE || BOOTLOADERS.includes(p))) return undefined;
  if (p === SOUL_DIR ? isDir : p.startsWith(`${SOUL_DIR}/`)) return undefined;
  for (const dir of SKILL_DIRS) {
    if (p.startsWith(`${dir}/`) || (isDir && `${dir}/`.startsWith(`${p}/`))) return undefined;
  }
  return 'not part of a soul (AGENTS.md, skills, .CoreSoul)';
}

const sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  created: z.iso.datetime(),
  /** `bundle`: HISTORY.bundle holds it; `omitted`: left out (--no-history); `off`: the vault had none. */
  history: z.enum(['bundle', 'omitted', 'off']),
  /** The ref HEAD pointed at (`refs/heads/…`), or a commit id when HEAD was detached. */
  head: z.optional(z.string().check(z.regex(new RegExp(`^(refs/[^\\s${CONTROL_RANGE}]+|[0-9a-f]{40,64})$`)))),
  dirs: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), size: z.int().check(z.nonnegative()), sha256: sha256Hex })),
});
export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** Parses MANIFEST.json from an archive; any defect is a refusal (the archive is not trusted). */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refusedError(`unsafe archive: ${MANIFEST} is not valid JSON`);
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refusedError(`unsafe archive: ${MANIFEST} ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const m = parsed.data;
  if ((m.history === 'bundle') !== (m.head !== undefined)) throw refusedError(`unsafe archive: ${MANIFEST} history and head disagree`);
  return m;
}

export function serializeManifest(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** sha256 and size of a file, read in chunks (vault files can be large). */
export function hashFile(file: string): { size: number; sha256: string } {
  const hash = nodeCrypto().createHash('sha256');
  const buf = Buffer.alloc(1 << 20);
  const fd = fs.openSync(file, 'r');
  let size = 0;
  try {
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; size += n) hash.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return { size, sha256: hash.digest('hex') };
}
