/**
 * Reading another system's memory safely (docs/import.md#bad-input): every file is size-capped,
 * must be UTF-8 text, and must stay inside the source folder — a link that leads out of it is
 * skipped with its reason, never followed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8Strict } from '../shared/text';
import { fsError, inputError } from '../shared/errors';

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
    const abs = path.join(this.dir, rel);
    let real: string;
    try {
      real = fs.realpathSync(abs);
    } catch {
      return skip('does not exist or is a broken link');
    }
    if (real !== this.dir && !real.startsWith(this.dir + path.sep)) return skip('a link that leads outside the source folder');
    const st = fs.statSync(real);
    if (!st.isFile()) return skip('not a regular file');
    if (st.size > MAX_FILE_BYTES) return skip(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`);
    let buf: Buffer;
    try {
      buf = fs.readFileSync(real);
    } catch (err) {
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
