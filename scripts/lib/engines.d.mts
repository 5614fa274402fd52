export declare const ACCEPTED_ENGINE_EXCEPTIONS: Readonly<Record<string, string>>;
export declare function engineMismatches(
  lockfile: { packages?: Record<string, { version?: string; engines?: { node?: string } }> },
  nodeVersion: string,
  accepted?: Readonly<Record<string, string>>,
): string[];
