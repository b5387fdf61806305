import { fallbackProjects } from "~/features/projects/fallback-projects";
import { SERVICE_PAGES } from "~/features/pages/services";
import {
  acceptCookiesUpFront,
  expect,
  isMobileProject,
  scrollWindowTo,
  test,
  waitForHydration,
} from "./fixtures";

/** Search engines and sharing: titles, descriptions, canonical URLs, sitemap, robots. */

/** The server has no PUBLIC_URL in the e2e setup, so it names itself by its default origin. */
/** The site's PUBLIC_URL, which the e2e config sets to the base URL. */
const siteOrigin = (baseURL: string) => new URL(baseURL).origin;

const DETAIL = fallbackProjects.find((p) => p.title === "Lernportal für eine Akademie")!;

/** Public pages with their expected title and canonical path. */
const PAGES: { path: string; title: string; canonical?: string }[] = [
  { path: "/", title: "Max Mustermann" },
  { path: "/projects", title: "Portfolio | Max Mustermann" },
  { path: "/projects?category=product", title: "Portfolio | Max Mustermann" },
  { path: "/category/magazine", title: "Magazine | Max Mustermann" },
  { path: `/project/${DETAIL.id}`, title: `${DETAIL.title} | Max Mustermann` },
  {
    path: `/projects/${DETAIL.id}`,
    title: `${DETAIL.title} | Max Mustermann`,
    canonical: `/project/${DETAIL.id}`,
  },
  { path: "/service", title: "Services | Max Mustermann" },
  { path: "/service/webdesign", title: "Webdesign | Max Mustermann" },
  { path: "/service/ki", title: "KI | Max Mustermann" },
  { path: "/about", title: "Über mich | Max Mustermann" },
  { path: "/contact", title: "Kontakt | Max Mustermann" },
  { path: "/impressum", title: "Impressum | Max Mustermann" },
];

for (const { path, title, canonical } of PAGES) {
  test(`${path}: German title and description, one canonical URL, Open Graph, image sizes`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await acceptCookiesUpFront(page);
    await page.goto(path);
    await waitForHydration(page);

    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle(title);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    const text = (await description.getAttribute("content")) ?? "";
    expect(text.length).toBeGreaterThanOrEqual(50);
    expect(text.length).toBeLessThanOrEqual(160);
    // German copy: umlauts, ß or common German words.
    expect(text).toMatch(/[äöüÄÖÜß]|\b(und|mit|für|der|die|das|ich|mein|dein)\b/);

    const links = page.locator('link[rel="canonical"]');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute("href", siteOrigin(baseURL!) + (canonical ?? path));

    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", text);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "de_DE");

    // No layout shift: every image declares its size. Images below the first screen load lazily.
    // One loading attribute serves both layouts: an image that is above the fold on wide screens
    // (the first row of cards, the team photo beside the text) may stay eager on phones as long
    // as it starts within the second screen there.
    const fold = page.viewportSize()!.height * (isMobileProject(testInfo.project.name) ? 2 : 1);
    const images = await page.locator("img").evaluateAll((all: HTMLImageElement[]) =>
      all.map((img) => ({
        src: img.getAttribute("src"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        top: img.getBoundingClientRect().top + window.scrollY,
      })),
    );
    for (const image of images) {
      expect(image.width, `${image.src} has a width`).toMatch(/^\d+$/);
      expect(image.height, `${image.src} has a height`).toMatch(/^\d+$/);
      if (image.top > fold) {
        expect(image.loading, `${image.src} (top at ${Math.round(image.top)} px) loads lazily`).toBe("lazy");
      }
    }
  });
}

test("the home page describes the person and the professional service as JSON-LD", async ({
  page,
  baseURL,
}) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const data = JSON.parse((await scripts.textContent()) ?? "{}") as {
    "@context": string;
    "@graph": { "@type": string; name: string; url: string; address?: { addressCountry: string } }[];
  };
  expect(data["@context"]).toBe("https://schema.org");
  const types = data["@graph"].map((node) => node["@type"]);
  expect(types).toEqual(expect.arrayContaining(["Person", "ProfessionalService"]));
  const person = data["@graph"].find((node) => node["@type"] === "Person")!;
  expect(person.name).toBe("Max Mustermann");
  expect(person.url).toBe(siteOrigin(baseURL!));
  const service = data["@graph"].find((node) => node["@type"] === "ProfessionalService")!;
  expect(service.address?.addressCountry).toBe("DE");
});

test("/sitemap.xml lists the public pages and every project's canonical URL", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
  const origin = siteOrigin(baseURL!);

  const expected = [
    "/",
    "/projects",
    "/about",
    "/contact",
    "/impressum",
    "/datenschutz",
    "/cookies",
    "/category/projects",
    "/category/products",
    "/category/services",
    "/category/magazine",
    "/category/consulting",
    ...SERVICE_PAGES.map((service) => service.path),
    ...fallbackProjects.map((project) => `/project/${project.id}`),
  ];
  expect(SERVICE_PAGES).toHaveLength(10);
  expect(locs.toSorted()).toEqual(expected.map((path) => origin + path).toSorted());
  expect(locs.some((loc) => loc.includes("/admin"))).toBe(false);
  expect(locs.some((loc) => loc.includes("/projects/"))).toBe(false);
});

test("/robots.txt keeps crawlers out of /admin and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n").map((line) => line.trim());
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Disallow: /admin");
  expect(lines).toContain(`Sitemap: ${siteOrigin(baseURL!)}/sitemap.xml`);
});

test("no public page requests anything from another origin", async ({ page, baseURL }) => {
  test.slow();
  const foreign: string[] = [];
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith("data:") && !url.startsWith("blob:")) {
      foreign.push(url);
    }
  });
  page.on("requestfinished", (request) => seen.push(new URL(request.url()).pathname));

  await acceptCookiesUpFront(page);
  for (const path of [
    "/",
    "/projects",
    `/project/${DETAIL.id}`,
    "/service/webdesign",
    "/about",
    "/contact",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    // Bring lazy images in as well.
    await scrollWindowTo(page, await page.evaluate(() => document.body.scrollHeight - window.innerHeight));
    await page.waitForLoadState("networkidle");
  }
  // The recording worked: scripts, the hero image, project art and service illustrations came in.
  expect(seen.some((path) => path.startsWith("/assets/") && path.endsWith(".js"))).toBe(true);
  expect(seen.some((path) => path.startsWith("/images/hero/"))).toBe(true);
  expect(seen.some((path) => path.startsWith("/images/projects/"))).toBe(true);
  expect(seen.some((path) => path.startsWith("/images/services/"))).toBe(true);
  expect(foreign).toEqual([]);
});
