/**
 * The one error type every provider adapter (courier, payment, email) throws, in our words:
 * which provider, a stable code, whether repeating the call may succeed, and a message that is
 * safe to log (never a secret).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    readonly retryable: boolean,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
