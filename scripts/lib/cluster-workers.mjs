// @ts-check
/**
 * True when every worker the primary still lists has exited. A worker that has exited stays in
 * `cluster.workers` until its IPC channel has closed as well, and Node emits the two events in
 * either order: counting the list alone, the last worker's 'exit' could find itself still listed,
 * and a primary waiting for an empty list never stopped.
 * @param {Record<string, { isDead(): boolean } | undefined>} workers `cluster.workers`
 */
export function allWorkersExited(workers) {
  return Object.values(workers).every((worker) => worker === undefined || worker.isDead());
}
