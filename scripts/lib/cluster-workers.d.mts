export declare function allWorkersExited(
  workers: Readonly<Record<string, { isDead(): boolean } | undefined>>,
): boolean;
