/**
 * Reading another system's memory safely (docs/import.md#bad-input): every file is size-capped and
 * must be UTF-8 text. Imported files are not trusted (docs/trust.md#threat-model): only regular
 * files come in — a symbolic link (as the file or as a folder on the way inside the source) or a
 * fifo, socket or device refuses the whole import, before anything is written, and is never
 * followed. The path the person named may itself be a link: they chose it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8Strict } from '../shared/text';
import { fsError, inputError, refusedError } from '../shared/errors';

/** Larger files are not memories someone wrote: they are skipped (or refused, when they are the source). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Something left out of an import, and why: `{item: "memory.jsonl line 7", reason: "not valid JSON …"}`. */
export interface Skipped {
  item: string;
  reason: string;
}

export type TextOrSkip = { text: string } | { skipped: Skipped };

/**
 * A source: one file, or a folder read through relative paths. Paths in reports are relative to
 * the folder (a file source reports its own name).
 */
export class Source {
  /** The real folder every file must stay inside. */
  readonly dir: string;
  /** The file the user named, when the source is a file. */
  readonly file?: string;

  private constructor(dir: string, file?: string) {
    this.dir = dir;
    this.file = file;
  }

  static open(given: string): Source {
    let real: string;
    try {
      real = fs.realpathSync(given);
    } catch (err) {
      throw inputError(fsError(err, 'read', given).message); // a source that is not there is bad input, not a damaged vault
    }
    const st = fs.statSync(real);
    if (st.isDirectory()) return new Source(real);
    if (!st.isFile()) throw inputError(`${given} is neither a file nor a folder`);
    return new Source(path.dirname(real), path.basename(real));
  }

  /** Each file is read once: detection and reading ask for the same files. */
  private readonly texts = new Map<string, TextOrSkip>();

  /** A file's text, or why it was skipped: missing, a link out of the source, too large, not UTF-8 text. */
  read(rel: string): TextOrSkip {
    let r = this.texts.get(rel);
    if (!r) this.texts.set(rel, (r = this.readOnce(rel)));
    return r;
  }

  private readOnce(rel: string): TextOrSkip {
    const skip = (reason: string): TextOrSkip => ({ skipped: { item: rel, reason } });
    const refuse = (what: string, why: string) => refusedError(`import refused: ${what} is ${why}; import reads only regular files and never follows a link, so nothing was imported (copy the file in instead)`);
    // Every step from the source folder down, without following any: a link anywhere refuses the import.
    let at = this.dir;
    const parts = rel.split(/[\\/]/);
    let st: fs.Stats | undefined;
    for (let i = 0; i < parts.length; i++) {
      at = path.join(at, parts[i]);
      st = fs.lstatSync(at, { throwIfNoEntry: false });
      const shown = parts.slice(0, i + 1).join('/');
      if (!st) return skip('does not exist');
      if (st.isSymbolicLink()) throw refuse(shown, 'a symbolic link');
      if (i < parts.length - 1 && !st.isDirectory()) return skip('does not exist');
    }
    if (st!.isDirectory()) return skip('a folder, not a file');
    if (!st!.isFile()) throw refuse(rel, 'not a regular file (a fifo, socket or device)');
    if (st!.size > MAX_FILE_BYTES) return skip(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`);
    let buf: Buffer;
    try {
      buf = readNoFollow(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw refuse(rel, 'a symbolic link');
      return skip(fsError(err, 'read', rel).message);
    }
    const text = buf.includes(0) ? undefined : decodeUtf8Strict(buf);
    if (text === undefined) return skip('not a UTF-8 text file (binary?)');
    return { text: text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') };
  }

  /** Whether a relative path names an entry of the source folder (without following it). */
  has(rel: string): boolean {
    return fs.lstatSync(path.join(this.dir, rel), { throwIfNoEntry: false }) !== undefined;
  }

  /** The names in a folder of the source (empty when there is none), sorted. */
  list(relDir = ''): { name: string; dir: boolean }[] {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(this.dir, relDir), { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.map((e) => ({ name: e.name, dir: e.isDirectory() })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Every `.md` file under a folder of the source, relative, in order; hidden folders are left out. */
  markdownFiles(relDir = ''): string[] {
    const out: string[] = [];
    for (const e of this.list(relDir)) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      if (e.name.startsWith('.')) continue;
      if (e.dir) out.push(...this.markdownFiles(rel));
      else if (e.name.endsWith('.md')) out.push(rel);
    }
    return out;
  }
}

const { O_RDONLY, O_NOFOLLOW = 0 } = fs.constants;

/** Reads a file through a descriptor opened without following a link (one put there since the check fails). */
function readNoFollow(file: string): Buffer {
  const fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW);
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
