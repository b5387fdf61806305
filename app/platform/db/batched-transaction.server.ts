import type { Db } from "./engines.server";

/**
 * Group commit, an engine facility: `batchedTransaction(work)` gives a function that runs `work`
 * for one item inside a transaction, but lets concurrent calls on the same database handle share
 * that transaction. A batch starts once the event loop has read the requests that arrived
 * together (setImmediate: without that pause the first of them would start a batch of its own);
 * calls arriving while it runs wait and go together in the next one. Every caller's promise
 * settles only after its batch has committed (or failed). Should a shared batch fail, its items
 * are tried again one by one, each in a transaction of its own, so one bad item can't cost the
 * others theirs.
 *
 * Used where many visitors write at once (contact submissions): one transaction per batch
 * instead of one per visitor is what lets the embedded database take a thousand a second.
 * `work` answers with one result per item, in the items' order.
 */
export function batchedTransaction<Item, Result>(
  work: (tx: Db, items: Item[]) => Promise<Result[]>,
  maxBatch = 100,
): (db: Db, item: Item) => Promise<Result> {
  const queues = new WeakMap<Db, (item: Item) => Promise<Result>>();
  return (db, item) => {
    let enqueue = queues.get(db);
    if (!enqueue) {
      enqueue = groupCommit((items: Item[]) => db.transaction((tx) => work(tx, items)), maxBatch);
      queues.set(db, enqueue);
    }
    return enqueue(item);
  };
}

/** The queue of one database handle: `runBatch` is called with up to `maxBatch` items at a time. */
function groupCommit<Item, Result>(
  runBatch: (items: Item[]) => Promise<Result[]>,
  maxBatch: number,
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
