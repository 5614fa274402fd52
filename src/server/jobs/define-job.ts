import { z } from 'zod';
import type { JobContext, JobDefinition, JobOutcome } from './job-queue.js';

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

const NO_PAYLOAD = z.object({});

/**
 * A recurring job (`src/server/job-registry.ts` lists them): nothing in its payload, one row for
 * the site (its key is its kind), on the default lane. Its handler is given the context and deps.
 */
export function defineRecurringJob<Deps>(definition: {
  kind: string;
  afterRestore: JobDefinition<unknown, Deps>['afterRestore'];
  handle(ctx: JobContext, deps: Deps): Promise<JobOutcome>;
}): JobDefinition<z.infer<typeof NO_PAYLOAD>, Deps> {
  const { kind, afterRestore, handle } = definition;
  return {
    kind,
    payload: NO_PAYLOAD,
    key: () => kind,
    lane: 'default',
    afterRestore,
    handle: (_payload, ctx, deps) => handle(ctx, deps),
  };
}

/**
 * For a long handler's loop: true once its process is stopping or another worker has taken the
 * job over, so it stops taking new work.
 */
export function jobStopped(ctx: JobContext): () => boolean {
  return () => ctx.stopping() || !ctx.stillMine();
}
