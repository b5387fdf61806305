import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { batchedTransaction } from "~/platform/db/batched-transaction.server";
import { rowsOf, type Db } from "~/platform/db/engines.server";
import { test, testDatabases } from "#tests/setup/databases";

/** The id of the transaction `tx`. */
async function transactionId(tx: Db): Promise<string> {
  return rowsOf<{ id: string }>(await tx.execute(sql`select txid_current()::text as id`))[0]!.id;
}

/** committed, in progress or aborted, as seen from outside the transaction. */
async function transactionStatus(db: Db, id: string): Promise<string> {
  const [row] = rowsOf<{ status: string }>(
    await db.execute(sql`select txid_status(${id}::bigint) as status`),
  );
  return row!.status;
}

describe.each(testDatabases)("batched transactions on $name", (database) => {
  test.override({ database });

  test("concurrent calls share one transaction, and each resolves after its commit", async ({ db }) => {
    const inTransaction = batchedTransaction(async (tx, items: number[]) => {
      const id = await transactionId(tx);
      return items.map((item) => ({ item, id }));
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        inTransaction(db, n).then(async (result) => ({
          ...result,
          status: await transactionStatus(db, result.id),
        })),
      ),
    );
    expect(results.map((result) => result.item)).toEqual([1, 2, 3, 4]);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(results.map((result) => result.status)).toEqual(Array(4).fill("committed"));
    // A call made after the batch gets a transaction of its own.
    const later = await inTransaction(db, 5);
    expect(later.id).not.toBe(results[0]!.id);
  });

  test("a failed shared transaction is tried again item by item; only the bad item fails", async ({ db }) => {
    const inTransaction = batchedTransaction(async (tx, items: string[]) => {
      const id = await transactionId(tx);
      if (items.includes("bad")) throw new Error("refused");
      return items.map(() => id);
    });
    const outcomes = await Promise.allSettled(["a", "bad", "c"].map((item) => inTransaction(db, item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const ids = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(await transactionStatus(db, id)).toBe("committed");
  });
});
