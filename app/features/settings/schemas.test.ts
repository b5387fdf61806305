import { expect, test } from "vitest";
import { limitsAt } from "~/platform/forms/field-limits";
import { DEFAULT_SETTINGS } from "./defaults";
import { SETTINGS_LIMITS } from "./schemas.server";

/** The fields that are choices, not text: the Bundesland, the archive switch and the statistics' switches. */
const CHOICES = ["state", "archive", "enabled", "weeklyReport"];

test("every text field of the settings has the length limit of its schema, and the filled ones are required", () => {
  const required: string[] = [];
  for (const [section, fields] of Object.entries(DEFAULT_SETTINGS)) {
    for (const name of Object.keys(fields)) {
      if (name === "phoneDial") continue; // derived from the phone number, not a field of the form
      const limits = limitsAt(SETTINGS_LIMITS[section as keyof typeof SETTINGS_LIMITS], name);
      expect(limits, `${section}.${name}`).toBeDefined();
      if (!CHOICES.includes(name)) expect(limits!.maxLength, `${section}.${name}`).toBeGreaterThan(0);
      if (limits!.required) required.push(name);
    }
  }
  expect(required).toEqual([
    "name",
    "profession",
    "street",
    "postalCode",
    "city",
    "country",
    "email",
    "brand",
  ]);
  expect(limitsAt(SETTINGS_LIMITS.owner, "vatId")).toEqual({ maxLength: 20 });
  expect(limitsAt(SETTINGS_LIMITS.privacy, "contactMonths")).toEqual({ maxLength: 2 });
  expect(limitsAt(SETTINGS_LIMITS.newsletter, "proofYears")).toEqual({ maxLength: 2 });
});
