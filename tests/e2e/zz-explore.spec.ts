import { test } from "@playwright/test";
test("explore", async ({ page }) => {
  const logs: string[] = [];
  page.on("console", (m) => logs.push(`${m.type()}: ${m.text()} @ ${m.location().url}`));
  page.on("pageerror", (e) => logs.push("pageerror " + e.message));
  const r = await page.goto("/gibt/es/nicht");
  console.log("status", r?.status());
  await page.waitForLoadState("networkidle");
  for (const p of ["/impressum", "/datenschutz", "/cookies", "/"]) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
    console.log(p, await page.evaluate(() => [document.documentElement.scrollHeight, innerHeight]));
  }
  console.log(
    await page
      .locator('footer a[data-contact="email"]')
      .evaluate((e) => [e.getAttribute("href"), (e as HTMLElement).innerText]),
  );
  console.log(
    await page
      .locator('footer a[data-contact="phone"]')
      .evaluate((e) => [e.getAttribute("href"), (e as HTMLElement).innerText]),
  );
  const anims = await page.evaluate(async () => {
    const t = document.startViewTransition(() => {});
    await t.ready;
    const r = document
      .getAnimations()
      .map((a) => `${(a as CSSAnimation).animationName} ${(a.effect as KeyframeEffect).pseudoElement}`);
    const cs = getComputedStyle(document.documentElement, "::view-transition-new(page)").animationName;
    t.skipTransition();
    return [r, cs];
  });
  console.log("anims", JSON.stringify(anims));
  await page.emulateMedia({ reducedMotion: "reduce" });
  const anims2 = await page.evaluate(async () => {
    const t = document.startViewTransition(() => {});
    await t.ready;
    const r = document
      .getAnimations()
      .map((a) => `${(a as CSSAnimation).animationName} ${(a.effect as KeyframeEffect).pseudoElement}`);
    const cs = getComputedStyle(document.documentElement, "::view-transition-new(page)").animationName;
    t.skipTransition();
    return [r, cs];
  });
  console.log("anims reduced", JSON.stringify(anims2));
  console.log(logs.join("\n"));
});
