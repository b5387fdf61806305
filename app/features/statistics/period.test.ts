import { expect, test } from "vitest";
import { periodAsked } from "./admin-statistics.server";
import { bucketLabel, changeOf } from "./messages";

const TODAY = "2026-12-06";
const asked = (query: string) => periodAsked(new URLSearchParams(query), TODAY);

test("the fixed periods end today; an unknown one is the 30 days", () => {
  expect(asked("zeitraum=heute").period).toEqual({ key: "heute", from: TODAY, to: TODAY });
  expect(asked("zeitraum=7-tage").period).toEqual({ key: "7-tage", from: "2026-11-30", to: TODAY });
  expect(asked("zeitraum=12-monate").period.from).toBe("2025-12-07");
  expect(asked("zeitraum=morgen")).toEqual({ period: { key: "30-tage", from: "2026-11-07", to: TODAY } });
  expect(asked("").period.key).toBe("30-tage");
});

test("an own period is taken as asked, its end at most today; a faulty one gets the reason in German", () => {
  expect(asked("zeitraum=eigener&von=2026-03-01&bis=2026-03-31")).toEqual({
    period: { key: "eigener", from: "2026-03-01", to: "2026-03-31" },
  });
  expect(asked("zeitraum=eigener&von=2026-12-01&bis=2027-01-31").period.to).toBe(TODAY);
  for (const query of [
    "von=2026-02-30&bis=2026-03-01",
    "von=01.03.2026&bis=2026-03-02",
    "bis=2026-03-01",
    "von=&bis=",
  ]) {
    expect(asked(`zeitraum=eigener&${query}`)).toMatchObject({
      period: { key: "30-tage" },
      error: "Bitte gib für den eigenen Zeitraum zwei gültige Daten an (von und bis).",
    });
  }
  expect(asked("zeitraum=eigener&von=2026-03-02&bis=2026-03-01").error).toBe(
    "Der Beginn des Zeitraums darf nicht nach seinem Ende liegen.",
  );
  expect(asked("zeitraum=eigener&von=2024-12-04&bis=2026-12-05").error).toBe(
    "Ein eigener Zeitraum umfasst höchstens zwei Jahre.",
  );
  expect(asked("zeitraum=eigener&von=2024-12-05&bis=2026-12-05").error).toBeUndefined();
});

test("the change against the period before, and the chart's labels", () => {
  expect(changeOf(112, 100)).toBe("+12 %");
  expect(changeOf(97, 100)).toBe("−3 %");
  expect(changeOf(100, 100)).toBe("±0 %");
  expect(changeOf(0, 0)).toBe("±0 %");
  expect(changeOf(5, 0)).toBe("neu");
  expect(bucketLabel("hour", "2026-12-06 09")).toBe("9 Uhr");
  expect(bucketLabel("day", "2026-12-06")).toBe("06.12.");
  expect(bucketLabel("month", "2026-11")).toBe("Nov. 2026");
});
