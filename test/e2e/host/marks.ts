/** The extension host's own performance marks (VS Code records them around each extension's activation). */
import { EXTENSION_ID } from './e2e';

interface Mark {
  name: string;
  startTime: number;
}

export interface ActivationMarks {
  /** Before the extension's code is loaded. */
  load?: number;
  /** After its code is loaded (the main module required); the host may do other work before activate(). */
  loaded?: number;
  /** Before activate() is called. */
  will?: number;
  /** After activate() has returned. */
  did?: number;
}

const MARK_RE = /^code\/extHost\/(willLoadExtensionCode|didLoadExtensionCode|willActivateExtension|didActivateExtension)\/(.+)$/;
const FIELDS = { willLoadExtensionCode: 'load', didLoadExtensionCode: 'loaded', willActivateExtension: 'will', didActivateExtension: 'did' } as const;

/** The activation marks of every extension the host has started, by extension id. */
export function extensionMarks(): Record<string, ActivationMarks> {
  const marks: Mark[] = (globalThis as { MonacoPerformanceMarks?: { getMarks(): Mark[] } }).MonacoPerformanceMarks?.getMarks() ?? [];
  const out: Record<string, ActivationMarks> = {};
  for (const m of marks) {
    const [, what, id] = MARK_RE.exec(m.name) ?? [];
    if (id) (out[id] ??= {})[FIELDS[what as keyof typeof FIELDS]] ??= m.startTime;
  }
  return out;
}

/** Core Soul's activation marks. */
export const activationMarks = (): ActivationMarks => extensionMarks()[EXTENSION_ID] ?? {};
