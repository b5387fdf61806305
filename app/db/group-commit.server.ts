/**
 * Group commit: concurrent writes of the same kind share one transaction. A batch starts once the
 * event loop has read the requests that arrived together (setImmediate: without that pause the
 * first of them would start a batch of its own); writes arriving while it runs wait and go
 * together in the next one. Every
 * caller's promise settles only after its batch has committed (or failed). Should a shared batch
 * fail, its writes are tried again one by one, so one bad write can't cost the others theirs.
 *
 * Used where many visitors write at once (contact submissions): one transaction per batch
 * instead of one per visitor is what lets the embedded database take a thousand a second.
 */
export function groupCommit<Item, Result>(
  runBatch: (items: Item[]) => Promise<Result[]>,
  maxBatch = 100,
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve(result: Result): void; reject(error: unknown): void };
  let queue: Waiting[] = [];

  async function runAlone(waiting: Waiting) {
    try {
      const [result] = await runBatch([waiting.item]);
      waiting.resolve(result!);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function runNextBatch() {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    try {
      const results = await runBatch(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const waiting of batch) await runAlone(waiting);
    }
    schedule();
  }

  let scheduled = false;
  function schedule() {
    scheduled = queue.length > 0;
    if (scheduled) setImmediate(() => void runNextBatch());
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled) schedule();
    });
}
