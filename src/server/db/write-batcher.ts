/**
 * Group commit for a hot write (docs/decisions/060): the calls that arrive while the previous
 * batch is being written are written together, in one statement or transaction, by the next
 * `write`. A caller still gets its answer only after its own rows are committed, so nothing is
 * acknowledged before it is durable; an idle site writes a call on the next turn of the event
 * loop.
 *
 * When the database refuses a batch (an error with a SQLSTATE: a unique reference that happened
 * to repeat, a value one caller sent that the database cannot store), nothing of it was
 * committed, so each call is written again on its own and only the offending one fails: one
 * request cannot fail the others of its moment. A lost connection (SQLSTATE class 08 or 57, or
 * a driver error without a SQLSTATE), where the commit may have happened, fails every call of
 * the batch, and nothing is written twice.
 */
export class WriteBatcher<In, Out> {
  private waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] =
    [];
  private busy = false;

  /**
   * `write` stores every input in one transaction and answers one output per input, in order.
   * `maxBatch` bounds a batch (and so one statement's size).
   */
  constructor(
    private readonly write: (inputs: In[]) => Promise<Out[]>,
    private readonly maxBatch = 200,
  ) {}

  run(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Writes what is waiting, batch by batch. Before each batch it lets the event loop read the
   * requests that have arrived (setImmediate runs after I/O): on the embedded database a query
   * runs on this thread, and without the pause the next request would only be read once this one
   * is answered, so no batch would ever hold more than one call.
   */
  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        await this.writeBatch(batch);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.busy = false;
    }
  }

  private async writeBatch(batch: WriteBatcher<In, Out>['waiting']): Promise<void> {
    try {
      const outputs = await this.write(batch.map((call) => call.input));
      if (outputs.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} writes answered ${outputs.length} results`);
      }
      batch.forEach((call, i) => call.resolve(outputs[i] as Out));
    } catch (error) {
      if (batch.length > 1 && refusedByDatabase(error)) {
        for (const call of batch) await this.writeBatch([call]);
        return;
      }
      for (const call of batch) call.reject(error);
    }
  }
}

/**
 * The database answered and refused the statement (it carries a SQLSTATE, directly or as a
 * driver error's cause), so nothing of it was committed; not a lost connection or a shutdown
 * (classes 08 and 57), after which the commit may or may not have happened.
 */
export function refusedByDatabase(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    // SQLSTATE classes are digits, F0, HV, P0 and XX; Node's own codes (EPIPE) are not one.
    if (typeof code === 'string' && /^[0-9FHPX][0-9A-Z]{4}$/.test(code)) {
      return !code.startsWith('08') && !code.startsWith('57');
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
