import type { JobDefinition } from './job-queue.js';

export { InvalidJobError, type JobDefinition } from './job-queue.js';

/**
 * One kind of job, in its own `*.job.ts` file (docs/jobs.md): see `JobDefinition`. Code that adds
 * the job imports this definition, so a job file names what its handler calls by the methods it
 * uses (not the class that queues it), and imports nothing that queues it: no import cycle.
 */
export function defineJob<Payload, Deps, Input extends Payload = Payload>(
  definition: JobDefinition<Payload, Deps, Input>,
): JobDefinition<Payload, Deps, Input> {
  return definition;
}
