import type { JobDefinition } from './job-queue.js';

export { InvalidJobError, type JobDefinition } from './job-queue.js';

/** One kind of job, in its own `*.job.ts` file (docs/jobs.md): see `JobDefinition`. */
export function defineJob<Payload, Deps>(
  definition: JobDefinition<Payload, Deps>,
): JobDefinition<Payload, Deps> {
  return definition;
}
