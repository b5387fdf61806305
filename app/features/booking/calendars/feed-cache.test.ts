import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { serveLocally } from "#tests/setup/local-http";
import { createBusyCache, type BusySource } from "./feed-cache.server";
import { CALENDAR_MESSAGES } from "./messages";

/** The cache's clock is the `now` each call passes; the feeds are real HTTP servers. */
const MARCH = { from: new Date("2026-03-01T00:00:00+01:00"), to: new Date("2026-04-01T00:00:00+02:00") };
const FEED = readFileSync(path.join(import.meta.dirname, "fixtures", "march-2026.ics"), "utf8");
const T0 = new Date("2026-02-28T12:00:00Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A feed that serves the fixture until `failing` is set, then answers 500. */
async function switchableFeed() {
  const state = { failing: false };
  const server = await serveLocally((_, response) => {
    if (state.failing) response.writeHead(500).end("kaputt");
    else response.writeHead(200, { "content-type": "text/calendar" }).end(FEED);
  });
  return { ...server, state, source: { kind: "ics", url: `${server.url}/arbeit.ics` } as BusySource };
}

test("a feed that fails after a good read keeps its copy for 6 hours, then no slots are offered", async () => {
  const feed = await switchableFeed();
  try {
    const { busyFromSources } = createBusyCache();
    const first = await busyFromSources([feed.source], MARCH, T0);
    expect(first).toMatchObject({ complete: true, sources: [{ ok: true, lastGoodAt: T0 }] });
    expect(first.busy).toHaveLength(11);

    // Within 5 minutes the copy is used without asking the feed.
    expect(await busyFromSources([feed.source], MARCH, later(4))).toEqual(first);
    expect(feed.requests()).toBe(1);

    feed.state.failing = true;
    const failed = await busyFromSources([feed.source], MARCH, later(10));
    expect(feed.requests()).toBe(2);
    const error = CALENDAR_MESSAGES.feedStatus(new URL(feed.url).host, 500);
    expect(failed).toEqual({
      busy: first.busy,
      complete: true,
      sources: [{ ok: false, error, lastGoodAt: T0 }],
    });

    // A failed feed is asked again after a minute, not on every page view.
    await busyFromSources([feed.source], MARCH, later(10.5));
    expect(feed.requests()).toBe(2);
    expect(await busyFromSources([feed.source], MARCH, later(6 * 60 - 1))).toMatchObject({ complete: true });
    expect(feed.requests()).toBe(3);

    // 6 hours after the last good read: fail closed.
    const closed = await busyFromSources([feed.source], MARCH, later(6 * 60 + 1));
    expect(closed).toEqual({ busy: [], complete: false, sources: [{ ok: false, error, lastGoodAt: T0 }] });

    feed.state.failing = false;
    const recovered = await busyFromSources([feed.source], MARCH, later(6 * 60 + 3));
    expect(recovered).toMatchObject({
      complete: true,
      sources: [{ ok: true, lastGoodAt: later(6 * 60 + 3) }],
    });
    expect(recovered.busy).toEqual(first.busy);
  } finally {
    await feed.close();
  }
});

test("a source never read is incomplete at once; the others' busy times still come back merged", async () => {
  const good = await switchableFeed();
  const broken = await switchableFeed();
  broken.state.failing = true;
  try {
    const { busyFromSources } = createBusyCache();
    const result = await busyFromSources([good.source, broken.source, good.source], MARCH, T0);
    expect(result.complete).toBe(false);
    expect(result.sources.map((source) => source.ok)).toEqual([true, false, true]);
    expect(result.sources[1]).not.toHaveProperty("lastGoodAt");
    // The same feed twice: one read, and its intervals merged with themselves.
    expect(good.requests()).toBe(1);
    expect(result.busy).toHaveLength(11);
  } finally {
    await good.close();
    await broken.close();
  }
});

test("concurrent reads of one feed share a single fetch", async () => {
  const feed = await switchableFeed();
  try {
    const { busyFromSources } = createBusyCache();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => busyFromSources([feed.source], MARCH, T0)),
    );
    expect(feed.requests()).toBe(1);
    expect(new Set(results.map((result) => result.busy.length))).toEqual(new Set([11]));
  } finally {
    await feed.close();
  }
});

test("a later month is read once and then covered by the same copy as the first", async () => {
  const feed = await switchableFeed();
  try {
    const { busyFromSources } = createBusyCache();
    await busyFromSources([feed.source], MARCH, T0);
    const april = { from: MARCH.to, to: new Date("2026-05-01T00:00:00+02:00") };
    const inApril = await busyFromSources([feed.source], april, later(1));
    expect(inApril.busy.map(({ start }) => start.toISOString())).toEqual(["2026-04-15T07:00:00.000Z"]);
    expect(feed.requests()).toBe(2);
    // Both months now come from the copy.
    expect((await busyFromSources([feed.source], MARCH, later(2))).busy).toHaveLength(11);
    expect(feed.requests()).toBe(2);
  } finally {
    await feed.close();
  }
});
