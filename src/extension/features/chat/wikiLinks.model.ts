/**
 * `[[links]]` in a chat answer become links to the vault's notes, as they would in the editor.
 * The model streams Markdown in chunks, so a `[[` that is not closed yet is held back until its
 * `]]` arrives (or a line ends, or it grows too long to be a link). A target the vault does not
 * hold stays as written.
 */
import { parseLinks } from '../../../core/vault/wikilinks';

/** Longest text held back after a `[[`: one that does not close within this is prose. */
const MAX_HELD = 200;

export interface LinkWriter {
  /** Writes a chunk of the answer, links rendered, holding back an unfinished `[[…`. */
  push(chunk: string): void;
  /** Writes what is held back (at the end of the answer). */
  flush(): void;
}

/** `href(target)` gives the URI of an entity note or a day, or undefined when the vault has none. */
export function wikiLinkWriter(href: (target: string) => string | undefined, write: (markdown: string) => void): LinkWriter {
  let held = '';
  const render = (text: string) => {
    let out = '';
    let at = 0;
    for (const link of parseLinks(text)) {
      const url = href(link.target);
      if (!url) continue;
      const label = (link.alias ?? link.target).replace(/[[\]\\]/g, '\\$&');
      out += `${text.slice(at, link.start)}[${label}](${url})`;
      at = link.end;
    }
    return out + text.slice(at);
  };
  return {
    push(chunk) {
      const text = held + chunk;
      const open = text.lastIndexOf('[[');
      const start = open !== -1 ? open : text.endsWith('[') ? text.length - 1 : -1;
      const unfinished = start !== -1 && !text.includes(']]', start) && !text.includes('\n', start) && text.length - start <= MAX_HELD;
      const cut = unfinished ? start : text.length;
      held = text.slice(cut);
      if (cut) write(render(text.slice(0, cut)));
    },
    flush() {
      if (held) write(render(held));
      held = '';
    },
  };
}
