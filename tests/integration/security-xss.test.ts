import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { fallbackProjects } from "~/content/fallback-projects";
import { projects } from "~/db/schema";
import { serverDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, signInOverHttp, withServer } from "../setup/http";
import { shownText, tokenize, type Token } from "../setup/html";

/**
 * Stored and reflected text is inert on every page that shows it (issue #5). The payloads go in
 * through the server's own endpoints (the admin's project editor and profile, the public forms),
 * the way an attacker or a careless paste would put them there, and every page that shows them
 * is parsed as a browser would: no injected element or attribute, no event handler attribute,
 * no script-closing text inside inline scripts, and the payload is shown as the text it is.
 * Links that would run script (javascript:, data:, vbscript:, //host) are refused on input.
 */

const unique = randomBytes(4).toString("hex");
const ADMIN = { email: `xss-owner-${unique}@example.org`, password: "Ohne-Skripte-2026!" };

/** The owner's required fields, valid, under the payloads of the test. */
const OWNER_BASE = {
  name: "x",
  profession: "x",
  street: "Musterweg 1",
  postalCode: "10115",
  city: "x",
  country: "Deutschland",
  state: "BE",
  email: "owner@example.org",
};

/** If any of these became markup, an element or attribute with "xss" in its name would exist. */
const P = {
  img: `<img src=x onerror=window.__xss=1 data-xss-1>`,
  attr: `"><svg onload=window.__xss=2 data-xss-2>`,
  single: `'><xss-probe data-xss-3>`,
  script: `</script><script data-xss-4>window.__xss=4</script>`,
  textarea: `</textarea><xss-probe data-xss-5>`,
  title: `</title><xss-probe data-xss-6>`,
  comment: `<!--<script data-xss-7>`,
  template: "{{constructor.constructor('window.__xss=8')()}}${window.__xss=8}",
  url: `javascript:window.__xss=9`,
};
const ALL = Object.values(P).join(" ");

const BAD_LINKS = [
  "javascript:window.__xss=1",
  "JavaScript:window.__xss=1",
  "  javascript:window.__xss=1",
  "java\tscript:window.__xss=1",
  "\u0001javascript:window.__xss=1",
  "data:text/html,<script>window.__xss=1</script>",
  "data:image/svg+xml,<svg onload=window.__xss=1>",
  "vbscript:msgbox(1)",
  "//evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
];

/** Attribute values that would run script when followed or loaded. */
const SCRIPT_URL = /^(?:javascript|vbscript|data(?!:image\/(?:png|gif|jpe?g|webp|avif);))/i;
const URL_ATTRS = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "srcset", "data"]);

/** What would make a browser run or show injected markup in this document. */
function injections(tokens: Token[]): string[] {
  const found: string[] = [];
  for (const token of tokens) {
    if (token.type === "start") {
      if (token.name.includes("xss")) found.push(`element <${token.name}>`);
      for (const [name, value] of token.attrs) {
        if (name.includes("xss")) found.push(`attribute ${name} on <${token.name}>`);
        // React never renders event handler attributes: any one is injected.
        if (/^on/.test(name)) found.push(`event handler ${name}="${value}" on <${token.name}>`);
        // Browsers drop control characters and spaces around and inside a scheme.
        // eslint-disable-next-line no-control-regex -- that is what is removed here
        if (URL_ATTRS.has(name) && SCRIPT_URL.test(value.replace(/[\u0000-\u0020]/g, "")))
          found.push(`script URL ${name}="${value}" on <${token.name}>`);
      }
    }
    // Inline scripts (React Router's data) must not hold what ends or re-opens a script.
    if (token.type === "raw" && token.name === "script" && /<!--|<script|<\/script/i.test(token.text))
      found.push(`script-breaking text in an inline script: ${token.text.slice(0, 120)}`);
    if (token.type === "raw" && token.name !== "script" && token.name !== "style")
      found.push(`raw text element <${token.name}>`);
  }
  return found;
}

test("the check finds injected markup where a browser would make it, and not in escaped text", () => {
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const injected = [
    `<p>${P.img}</p>`,
    `<input value="${P.attr}">`,
    `<input value='${P.single}'>`,
    `<script>window.data = "${P.script}";</script>`,
    `<script>window.data = "${P.comment}";</script>`,
    `<textarea>${P.textarea}</textarea>`,
    `<title>${P.title}</title>`,
    `<a href=" java\tscript:alert(1)">x</a>`,
    `<iframe src="data:text/html,x"></iframe>`,
  ];
  for (const html of injected) expect(injections(tokenize(html)), html).not.toEqual([]);
  const inert = [
    `<p>${escape(P.img)}</p>`,
    `<input value="${escape(P.attr)}">`,
    `<input value="${escape(P.single)}">`,
    `<script>window.data = "${P.script.replace(/</g, "\\u003c")}";</script>`,
    `<textarea>${escape(P.textarea)}</textarea>`,
    `<title>${escape(P.title)}</title>`,
    `<a href="https://example.com/?q=${encodeURIComponent(P.url)}">x</a>`,
    `<img src="data:image/png;base64,AAAA">`,
  ];
  for (const html of inert) {
    const tokens = tokenize(html);
    expect(injections(tokens), html).toEqual([]);
  }
  expect(shownText(tokenize(inert[0]!))).toBe(P.img);
  expect(shownText(tokenize(inert[1]!))).toBe(P.attr);
});

describe.each(serverDatabases)("stored and reflected text on $name", (database) => {
  test("every page shows the payloads as text and runs none; script links are refused", async () => {
    const projectA = randomUUID();
    const projectB = randomUUID();
    const emails = {
      contact: `xss-kontakt-${unique}@example.org`,
      apostrophe: `o'xss-${unique}@example.org`,
      formula: `+xss-${unique}@example.org`,
      minus: `-xss-${unique}@example.org`,
    };
    const A = {
      title: `A ${P.img} ${P.script}`.slice(0, 200),
      description: `${P.attr} ${P.single} ${P.textarea} ${P.title} ${P.comment} ${P.template}`,
      details: ALL,
      tags: [P.single, P.title],
      url: `https://example.com/?q="><xss-probe data-xss-u>`,
      admin_url: `https://example.com/admin?x='><xss-probe data-xss-a>`,
      // Site paths may hold no spaces: "/" separates the attribute as well.
      image: `/images/projects/x.webp?"><xss-probe/data-xss-i>`,
    };
    const B = { title: `B ${P.title} ${P.single}`, description: `${P.img} ${P.url}` };
    const contact = { name: P.img, subject: `${P.attr} ${P.script}`.slice(0, 150), message: ALL };
    const subscriberName = `${P.single} ${P.title}`;
    const adminName = `${P.attr}`;
    const owner = { name: P.attr, profession: P.img, companyName: P.title, city: P.single };
    const website = { brand: P.script, tagline: `${P.comment} ${P.template}` };
    const privacy = { extra: ALL, hostingName: P.textarea, hostingAddress: P.single };

    await withServer(database, {
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "X-Forwarded-For" },
      run: async ({ url }) => {
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const asAdmin = { Cookie: session };
        const project = (fields: Record<string, string | string[]>) =>
          postForm(
            url,
            "/admin?index",
            {
              intent: "create",
              category: "project",
              show_on_homepage: "on",
              date: "2026-02-03",
              image: "/images/projects/x.webp",
              ...fields,
            },
            asAdmin,
          );

        // ── Writes through the server's own endpoints ──
        for (const [id, fields] of [
          [projectA, { ...A, category: "project" }],
          [projectB, { ...B, category: "consulting" }],
        ] as const) {
          const response = await project({ id, ...fields });
          expect(response.status, (await response.text()).match(/"message","([^"]*)"/)?.[1]).toBe(302);
        }
        // A category outside the five, and script links in every link field, are refused.
        const refused = await project({ id: randomUUID(), title: "x", description: "x", category: P.single });
        expect(refused.status).toBe(400);
        for (const field of ["url", "admin_url", "image"]) {
          for (const link of BAD_LINKS) {
            const id = randomUUID();
            const created = await project({ id, title: "Link", description: "Link", [field]: link });
            expect(created.status, `create with ${field}=${JSON.stringify(link)}`).toBe(400);
            const updated = await postForm(
              url,
              "/admin?index",
              {
                intent: "update",
                id: projectA,
                title: "Link",
                description: "Link",
                image: A.image,
                [field]: link,
              },
              asAdmin,
            );
            expect(updated.status, `update with ${field}=${JSON.stringify(link)}`).toBe(400);
            expect((await get(url, `/project/${id}`)).status, "a refused project exists").toBe(302);
          }
        }
        const profile = await postForm(url, "/admin/profil", { name: adminName }, asAdmin);
        expect(profile.status).toBe(200);

        // The owner's settings (issue #12) show on every page, in titles, JSON-LD and the legal texts.
        const settings = (intent: string, fields: Record<string, string>) =>
          postForm(url, "/admin/einstellungen", { intent, ...fields }, asAdmin);
        const saved = await Promise.all([
          settings("owner", { ...OWNER_BASE, ...owner }),
          settings("website", website),
          settings("privacy", privacy),
        ]);
        expect(saved.map((response) => response.status)).toEqual([200, 200, 200]);
        for (const field of ["mainUrl", "videosUrl"]) {
          for (const link of BAD_LINKS) {
            const response = await settings("website", { ...website, [field]: link });
            expect(response.status, `settings with ${field}=${JSON.stringify(link)}`).toBe(400);
          }
        }

        const formToken = formTokenIn(await (await get(url, "/contact")).text());
        let client = 0;
        const publicForm = (target: string, body: Record<string, string>) =>
          postForm(url, target, { formToken, ...body }, { "X-Forwarded-For": `192.0.2.${++client}` });
        expect(
          (await publicForm("/contact", { intent: "contact", ...contact, email: emails.contact })).status,
        ).toBe(200);
        for (const email of [emails.apostrophe, emails.formula, emails.minus]) {
          const response = await publicForm("/contact", {
            intent: "newsletter",
            name: subscriberName,
            email,
            consent: "on",
          });
          expect(response.status, email).toBe(200);
        }
        // Addresses that carry markup are no addresses.
        for (const email of [
          `"<xss-probe>"@example.org`,
          `x<xss-probe>@example.org`,
          `=cmd|'/C calc'!A0@example.org`,
        ]) {
          expect((await publicForm("/?index", { email, name: "x" })).status, email).toBe(400);
        }

        // ── Every page that shows the text ──
        const pages: { path: string; cookie?: string; shows: string[]; status?: number }[] = [
          { path: "/", shows: [A.title, B.title, A.description, owner.name, website.brand, website.tagline] },
          { path: "/impressum", shows: [owner.name, owner.profession, owner.companyName, owner.city] },
          { path: "/datenschutz", shows: [privacy.extra, privacy.hostingName, privacy.hostingAddress] },
          { path: "/contact", shows: [owner.name, owner.city] },
          {
            path: "/admin/einstellungen",
            cookie: session,
            shows: [...Object.values(owner), ...Object.values(website), ...Object.values(privacy)],
          },
          { path: "/projects", shows: [A.title, B.title, B.description] },
          { path: "/category/projects", shows: [A.title] },
          { path: "/category/consulting", shows: [B.title] },
          {
            path: `/project/${projectA}`,
            shows: [A.title, A.description, A.details, A.tags.join(", "), A.url],
          },
          { path: `/projects/${projectA}`, shows: [A.title, A.details] },
          { path: `/project/${projectB}`, shows: [B.title, B.description] },
          { path: "/admin", cookie: session, shows: [A.title, B.title, A.admin_url] },
          {
            path: `/admin?bearbeiten=${projectA}`,
            cookie: session,
            shows: [A.title, A.description, A.details, A.url, A.admin_url, A.image, ...A.tags],
          },
          { path: `/admin?bearbeiten=${projectB}`, cookie: session, shows: [B.title, B.description] },
          {
            path: "/admin/kontaktanfragen",
            cookie: session,
            shows: [contact.name, contact.subject, emails.contact],
          },
          {
            path: "/admin/newsletter",
            cookie: session,
            shows: [subscriberName, emails.apostrophe, emails.formula],
          },
          { path: "/admin/profil", cookie: session, shows: [adminName] },
          // Reflected: query parameters that pages put into the document.
          { path: `/projects?category=${encodeURIComponent(P.attr)}`, shows: [] },
          { path: `/admin/kontaktanfragen?q=${encodeURIComponent(P.img)}`, cookie: session, shows: [P.img] },
          { path: `/admin/newsletter?q=${encodeURIComponent(P.attr)}`, cookie: session, shows: [P.attr] },
          { path: `/admin?redirectTo=${encodeURIComponent(P.attr)}`, shows: [P.attr] },
          { path: `/newsletter/bestaetigen?token=${encodeURIComponent(P.script)}`, shows: [], status: 400 },
          { path: `/newsletter/abmelden?id=${encodeURIComponent(P.img)}&sig=x`, shows: [], status: 400 },
          { path: `/irgend/${encodeURIComponent(P.single)}`, shows: [], status: 404 },
        ];
        const problems: string[] = [];
        const check = async (what: string, response: Response, shows: string[], status = 200) => {
          const html = await response.text();
          expect(response.status, `${what}: ${html.slice(0, 200)}`).toBe(status);
          expect(response.headers.get("content-type"), what).toContain("text/html");
          const tokens = tokenize(html);
          for (const found of injections(tokens)) problems.push(`${what}: ${found}`);
          const text = shownText(tokens);
          for (const payload of shows) {
            if (!text.includes(payload))
              problems.push(`${what}: does not show ${JSON.stringify(payload.slice(0, 60))}`);
          }
        };
        for (const page of pages) {
          await check(`GET ${page.path}`, await get(url, page.path, page.cookie), page.shows, page.status);
        }

        // Reflected through a failed form: the values come back into the inputs.
        const failed = await publicForm("/contact", { intent: "contact", ...contact, email: P.attr });
        await check("POST /contact (invalid)", failed, [contact.name, contact.subject, P.attr], 400);
        const failedLogin = await postForm(url, "/admin/login", { email: P.img, password: P.attr });
        await check("POST /admin/login (invalid)", failedLogin, [], 401);

        // Reflected through a flash message: "No project found with id <payload>".
        const missing = await get(url, `/admin?bearbeiten=${encodeURIComponent(P.img)}`, session);
        expect(missing.status).toBe(302);
        const flash = missing.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith("flash="))!
          .split(";")[0]!;
        await check("GET /admin with the flash", await get(url, "/admin", `${session}; ${flash}`), [P.img]);
        // However long the quoted id, the flash cookie stays within what browsers keep (4 KB).
        const long = await get(url, `/admin?bearbeiten=${"ä".repeat(2000)}`, session);
        const longFlash = long.headers.getSetCookie().find((cookie) => cookie.startsWith("flash="))!;
        expect(longFlash.length).toBeLessThan(4096);
        const shown = await (await get(url, "/admin", `${session}; ${longFlash.split(";")[0]}`)).text();
        expect(shown).toContain("No project found with id ääää");
        expect(problems).toEqual([]);

        // The single-fetch data of a page is never served as HTML.
        const data = await get(url, `/project/${projectA}.data`);
        expect(data.headers.get("content-type")).not.toContain("html");
        expect(data.headers.get("x-content-type-options")).toBe("nosniff");

        // ── The CSV export: addresses as text, formulas neutralised, no names ──
        const csv = await get(url, "/admin/newsletter/export", session);
        expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(csv.headers.get("content-disposition")).toMatch(
          /^attachment; filename="newsletter-abonnenten-/,
        );
        const lines = (await csv.text())
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .split("\r\n");
        const cells = lines.slice(1).map((line) => line.split(",")[0]);
        expect(cells).toEqual(
          expect.arrayContaining([`'${emails.formula}`, `'${emails.minus}`, emails.apostrophe]),
        );
        expect(cells.every((cell) => !/^[=+\-@\t\r]/.test(cell!))).toBe(true);
        expect(lines.join("\n")).not.toContain("xss-probe");

        // ── Sitemap: XML with nothing injected ──
        const sitemap = await (await get(url, "/sitemap.xml")).text();
        expect(injections(tokenize(sitemap))).toEqual([]);
        expect(sitemap).toContain(`/project/${projectA}</loc>`);
      },
      after: async (db) => {
        // The demo items and the two projects with payloads: none of the refused ones.
        const rows = await db.select().from(projects);
        expect(rows).toHaveLength(fallbackProjects.length + 2);
        expect(rows.find((row) => row.id === projectA)).toMatchObject({
          title: A.title,
          url: A.url,
          admin_url: A.admin_url,
          image: A.image,
          tags: A.tags,
        });
      },
    });
  }, 300_000);
});
