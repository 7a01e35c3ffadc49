/** Errors a user can cause. Each carries a one-line message and maps to a CLI exit code. */
export type ErrorKind = 'usage' | 'input' | 'vault' | 'refused';

const EXIT_CODES: Record<ErrorKind, number> = { usage: 1, input: 1, vault: 2, refused: 3 };

/**
 * The core speaks of values, never of how a face asks for them: `field` names the input a
 * message is about (`reason`, `maxTokens`), and each face shows it its own way (the CLI as
 * `--reason`, a tool as its input property).
 */
export class CoreSoulError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.name = 'CoreSoulError';
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }
}

export const inputError = (message: string, field?: string) => new CoreSoulError('input', message, field);
export const vaultError = (message: string) => new CoreSoulError('vault', message);
export const refusedError = (message: string) => new CoreSoulError('refused', message);

/** Turns a file-system failure into a one-line error that names the path and the cause. */
export function fsError(err: unknown, action: string, path: string): CoreSoulError {
  if (err instanceof CoreSoulError) return err;
  const code = (err as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on device',
    ENOTDIR: 'a parent path is not a folder',
    EISDIR: 'is a folder, expected a file',
    ENOENT: 'does not exist',
  };
  return vaultError(`cannot ${action} ${path}: ${reasons[code] ?? code}`);
}

/**
 * Whether `err` is a stop asked for by the AbortSignal a long walk takes as its last argument
 * (`signal.throwIfAborted()` at the points where stopping changes nothing), not a failure.
 */
export const isCancelled = (err: unknown) => (err as Error)?.name === 'AbortError';
