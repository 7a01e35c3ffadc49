/** Errors a user can cause. Each carries a one-line message and maps to a CLI exit code. */
export type ErrorKind = 'usage' | 'input' | 'vault' | 'refused';

const EXIT_CODES: Record<ErrorKind, number> = { usage: 1, input: 1, vault: 2, refused: 3 };

export class CoreSoulError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.name = 'CoreSoulError';
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }
}

export const inputError = (message: string) => new CoreSoulError('input', message);
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
