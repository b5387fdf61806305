import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { pages, pageVersions, projects } from "~/platform/db/schema";
import { editorKey, type PageContent, type ServiceContent } from "~/features/pages/page-content";
import { engineNeutralDatabases } from "../setup/databases";
import { confirmSignUpByMail, formTokenIn, get, postForm, signInOverHttp, withServer } from "../setup/http";
import { shownText, tokenize, type Token } from "../setup/html";

/**
 * Stored and reflected text is inert on every page that shows it. The payloads go in
 * through the server's own endpoints (the admin's project editor and profile, the public forms),
 * the way an attacker or a careless paste would put them there, and every page that shows them
 * is parsed as a browser would: no injected element or attribute, no event handler attribute,
 * no script-closing text inside inline scripts, and the payload is shown as the text it is.
 * Links that would run script (javascript:, data:, vbscript:, //host) are refused on input.
 * The editable pages add Markdown fields: rendered on the server, their raw HTML,
 * script links and images stay text, and every plain field of a page is text as well.
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

/** Markdown that would become markup or a script link if the renderer let it through. */
const MD_PARAGRAPHS = Object.values(P);
const MD_EXTRA = [
  `<div data-xss-md-1 onclick="window.__xss=21">`,
  "",
  "Block",
  "",
  "</div>",
  "",
  `<a href="javascript:window.__xss=22" data-xss-md-2>HTML-Link</a>`,
  "",
  "![xss-bild](https://example.org/xss.png) ![xss-bild-2](javascript:window.__xss=23)",
  "",
  "[Referenz][xss-ref]",
  "",
  "[xss-ref]: javascript:window.__xss=24",
  "",
  "```html",
  `<script data-xss-md-3>window.__xss=25</script>`,
  "```",
  "",
  // Script links (without the control character, which a Markdown field refuses anyway).
  ...BAD_LINKS.filter((link) => !link.includes("\u0001")).map((link) => `[xss-link](${link})`),
  "",
  `[&#106;avascript](&#106;avascript:window.__xss=26) [entity](&#x2F;/evil.example/x)`,
].join("\n");
const MARKDOWN = [...MD_PARAGRAPHS, MD_EXTRA].join("\n\n");

/** Whether a link that looks like a path (or anything but an http(s) address) leads to another host. */
function leavesSite(href: string): boolean {
  try {
    return new URL(href, "https://site.test/about").host !== "site.test";
  } catch {
    return false;
  }
}

/** Every field of a page document as the editor's form sends it (lists with `<list>.count`). */
function editorFields(value: unknown, prefix = ""): Record<string, string> {
  if (Array.isArray(value)) {
    return Object.assign(
      { [`${prefix}.count`]: String(value.length) },
      ...value.map((item, index) => editorFields(item, `${prefix}.${index}`)),
    );
  }
  if (typeof value === "object" && value !== null) {
    return Object.assign(
      {},
      ...Object.entries(value).map(([key, item]) => editorFields(item, prefix ? `${prefix}.${key}` : key)),
    );
  }
  if (typeof value === "boolean") return value ? { [prefix]: "on" } : {};
  return { [prefix]: String(value) };
}

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
  for (const href of ["//evil.example/x", "/\\evil.example/x", "\\\\evil.example/x", " //evil.example"])
    expect(leavesSite(href), href).toBe(true);
  for (const href of ["/about", "/%5Cevil.example/x", "/service/webdesign?q=//x", "#top", "?x=//y"])
    expect(leavesSite(href), href).toBe(false);
  expect(shownText(tokenize(inert[0]!))).toBe(P.img);
  expect(shownText(tokenize(inert[1]!))).toBe(P.attr);
});

describe.each(engineNeutralDatabases)("stored and reflected text on $name", (database) => {
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
    const privacy = { extra: ALL, hostingName: P.textarea, hostingAddress: P.single, contactMonths: "6" };

    await withServer(database, {
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "X-Forwarded-For" },
      run: async (running) => {
        const { url } = running;
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

        // The owner's settings show on every page, in titles, JSON-LD and the legal texts.
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
          // The CSV export holds confirmed subscribers only.
          await confirmSignUpByMail(running, email);
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
          // (A visitor's unknown category is redirected away by the page cache; the owner's page is rendered.)
          { path: `/projects?category=${encodeURIComponent(P.attr)}`, cookie: session, shows: [] },
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

  test("page content: Markdown and plain fields show as text and run nothing; script links are refused", async () => {
    const about = DEFAULT_PAGES.get("/about") as Extract<PageContent, { kind: "about" }>;
    const home = DEFAULT_PAGES.get("/") as Extract<PageContent, { kind: "home" }>;
    const category = DEFAULT_PAGES.get("/category/projects") as Extract<PageContent, { kind: "category" }>;
    const service = DEFAULT_PAGES.get("/service/webdesign") as ServiceContent;
    const block = service.blocks[0]!;

    const ABOUT = {
      ...about,
      title: `${P.title} ${P.attr}`,
      text: MARKDOWN,
      image: { ...about.image, alt: `${P.img} ${P.single}` },
      keyfacts: [P.img, P.script, P.template],
    };
    const SERVICE: ServiceContent = {
      ...service,
      name: P.attr,
      heroTitle: `${P.img} ${P.title}`,
      heroSubtitle: `${P.script} ${P.comment} ${P.template}`,
      heroImage: { ...service.heroImage, alt: `${P.attr} ${P.textarea}` },
      intro: MARKDOWN,
      blocks: [
        {
          ...block,
          title: `${P.single} ${P.img}`,
          text: MARKDOWN,
          image: { ...block.image, alt: P.script },
          linkText: P.title,
          linkTo: `/service/webdesign?q="><xss-probe data-xss-l>`.replace(/ /g, "%20"),
          contactLabel: "Kontakt aufnehmen",
        },
        ...service.blocks.slice(1),
      ],
      ctaTitle: P.textarea,
      ctaText: `${P.img} ${P.url}`,
      metaTitle: P.title,
      metaDescription: `${P.attr} ${P.script}`,
    };
    const CATEGORY = { ...category, title: P.attr, subtitle: P.img, description: `${P.script} ${P.comment}` };
    const HOME = {
      ...home,
      heroTitle: P.img,
      heroSubtitle: `${P.script} ${P.attr}`,
      heroImages: [{ ...home.heroImages[0]!, alt: `${P.script} ${P.comment}` }],
      newsletterTitle: P.title,
      newsletterText: P.textarea,
    };
    const contact = DEFAULT_PAGES.get("/contact") as Extract<PageContent, { kind: "contact" }>;
    const CONTACT = {
      ...contact,
      title: P.attr,
      intro: `${P.script} ${P.comment}`,
      formTitle: P.template,
      newsletterTitle: P.title,
      newsletterText: P.img,
      metaTitle: P.single,
      metaDescription: P.textarea,
    };
    const frame = DEFAULT_PAGES.get("frame") as Extract<PageContent, { kind: "frame" }>;
    const FRAME = { ...frame, copyright: P.img, notFoundTitle: P.attr, notFoundMetaTitle: P.title };
    const contactShows = [
      CONTACT.title,
      CONTACT.intro,
      CONTACT.formTitle,
      CONTACT.newsletterTitle,
      CONTACT.newsletterText,
      CONTACT.metaTitle,
      CONTACT.metaDescription,
    ];
    const DRAFT_MARK = `Entwurf-${unique} ${P.single}`;

    await withServer(database, {
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      run: async (running) => {
        const { url } = running;
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const asAdmin = { Cookie: session };
        const editor = (path: string, intent: string, content: unknown, extra: Record<string, string> = {}) =>
          postForm(
            url,
            `/admin/inhalte/${editorKey(path)}`,
            { intent, ...editorFields(content), ...extra },
            asAdmin,
          );

        // ── Writes through the editor ──
        for (const [path, content] of [
          ["/about", ABOUT],
          ["/service/webdesign", SERVICE],
          ["/category/projects", CATEGORY],
          ["/", HOME],
          ["/contact", CONTACT],
          ["frame", FRAME],
        ] as const) {
          const response = await editor(path, "publish", content);
          expect(response.status, `publish ${path}`).toBe(200);
        }
        // Script links and foreign images are refused in every link and image field.
        for (const link of BAD_LINKS) {
          const blocks = [{ ...SERVICE.blocks[0]!, linkTo: link }];
          const response = await editor("/service/webdesign", "save", { ...SERVICE, blocks });
          expect(response.status, `linkTo=${JSON.stringify(link)}`).toBe(400);
          for (const [path, content] of [
            ["/service/webdesign", { ...SERVICE, heroImage: { ...SERVICE.heroImage, src: link } }],
            ["/about", { ...ABOUT, image: { ...ABOUT.image, src: link } }],
          ] as const) {
            const image = await editor(path, "save", content);
            expect(image.status, `${path} image src=${JSON.stringify(link)}`).toBe(400);
          }
        }
        // A new service page: the name is text, a slug with markup is no slug.
        const created = await postForm(url, "/admin/inhalte", { name: P.single, slug: "xss-seite" }, asAdmin);
        expect(created.status).toBe(302);
        expect(created.headers.get("location")).toBe("/admin/inhalte/service-xss-seite");
        const badSlug = await postForm(url, "/admin/inhalte", { name: "Seite", slug: P.attr }, asAdmin);
        expect(badSlug.status).toBe(400);
        // A draft of its own on /about, seen only in the owner's preview.
        expect((await editor("/about", "save", { ...ABOUT, title: DRAFT_MARK })).status).toBe(200);

        // ── Every page that shows the content ──
        const mdShows = MD_PARAGRAPHS;
        const serviceShows = [
          SERVICE.heroTitle,
          SERVICE.heroSubtitle,
          SERVICE.heroImage.alt,
          SERVICE.blocks[0]!.title,
          SERVICE.blocks[0]!.image.alt,
          SERVICE.blocks[0]!.linkText,
          SERVICE.ctaTitle,
          SERVICE.ctaText,
          SERVICE.metaTitle,
          SERVICE.metaDescription,
          SERVICE.name,
        ];
        const pagesToCheck: {
          path: string;
          cookie?: string;
          shows: string[];
          hides?: string[];
          status?: number;
        }[] = [
          {
            path: "/about",
            shows: [ABOUT.title, ABOUT.image.alt, ...ABOUT.keyfacts, ...mdShows],
            hides: [DRAFT_MARK],
          },
          { path: "/about?vorschau", cookie: session, shows: [DRAFT_MARK, ...mdShows] },
          { path: "/service/webdesign", shows: [...serviceShows, ...mdShows] },
          { path: "/service/webdesign?vorschau", cookie: session, shows: serviceShows },
          { path: "/service", shows: [SERVICE.name] },
          { path: "/category/projects", shows: [CATEGORY.title, CATEGORY.subtitle, CATEGORY.description] },
          {
            path: "/",
            shows: [
              HOME.heroTitle,
              HOME.heroSubtitle,
              HOME.newsletterTitle,
              HOME.newsletterText,
              CATEGORY.title,
            ],
          },
          { path: "/contact", shows: [...contactShows, FRAME.copyright] },
          { path: "/not-found", shows: [FRAME.notFoundTitle, FRAME.notFoundMetaTitle], status: 404 },
          { path: "/admin/inhalte/kontakt", cookie: session, shows: contactShows },
          {
            path: "/admin/inhalte/rahmen",
            cookie: session,
            shows: [FRAME.copyright, FRAME.notFoundTitle, FRAME.notFoundMetaTitle],
          },
          { path: "/admin/inhalte", cookie: session, shows: [SERVICE.name, CATEGORY.title, P.single] },
          {
            path: "/admin/inhalte/ueber-mich",
            cookie: session,
            shows: [DRAFT_MARK, MARKDOWN, ABOUT.image.alt, ...ABOUT.keyfacts],
          },
          {
            path: "/admin/inhalte/service-webdesign",
            cookie: session,
            shows: [...serviceShows, MARKDOWN, SERVICE.blocks[0]!.linkTo],
          },
          {
            path: "/admin/inhalte/category-projects",
            cookie: session,
            shows: [CATEGORY.title, CATEGORY.subtitle, CATEGORY.description],
          },
          {
            path: "/admin/inhalte/startseite",
            cookie: session,
            shows: [HOME.heroTitle, HOME.heroSubtitle, HOME.heroImages[0]!.alt, HOME.newsletterText],
          },
          { path: "/admin/inhalte/service-xss-seite", cookie: session, shows: [P.single] },
          { path: `/admin/inhalte/${encodeURIComponent(P.attr)}`, cookie: session, shows: [], status: 302 },
        ];
        const problems: string[] = [];
        const check = async (
          what: string,
          response: Response,
          shows: string[],
          hides: string[] = [],
          status = 200,
        ) => {
          const html = await response.text();
          expect(response.status, `${what}: ${html.slice(0, 200)}`).toBe(status);
          const tokens = tokenize(html);
          for (const found of injections(tokens)) problems.push(`${what}: ${found}`);
          for (const token of tokens) {
            if (token.type !== "start") continue;
            for (const [name, value] of token.attrs) {
              // A link that is not written as an address of another host stays on the site.
              if (name === "href" && !/^(?:https?:\/\/|mailto:)/i.test(value) && leavesSite(value))
                problems.push(`${what}: link ${name}="${value}" on <${token.name}>`);
              // Images come from the site only (uploads and built-in ones), never by a Markdown image.
              if ((name === "src" || name === "srcset") && /^\s*(?:[a-z]+:|[/\\]{2})/i.test(value))
                problems.push(`${what}: foreign image ${name}="${value}" on <${token.name}>`);
            }
          }
          const text = shownText(tokens);
          for (const payload of shows) {
            if (!text.includes(payload))
              problems.push(`${what}: does not show ${JSON.stringify(payload.slice(0, 60))}`);
          }
          for (const payload of hides) {
            if (text.includes(payload))
              problems.push(`${what}: shows ${JSON.stringify(payload.slice(0, 60))}`);
          }
        };
        for (const page of pagesToCheck) {
          await check(
            `GET ${page.path}`,
            await get(url, page.path, page.cookie),
            page.shows,
            page.hides,
            page.status ?? 200,
          );
        }

        // Reflected through a refused save: the values come back into the form.
        const refused = await editor("/service/webdesign", "save", {
          ...SERVICE,
          blocks: [{ ...SERVICE.blocks[0]!, linkTo: BAD_LINKS[0]! }],
        });
        await check(
          "POST /admin/inhalte/service-webdesign (refused)",
          refused,
          [MARKDOWN, ...serviceShows],
          [],
          400,
        );
        await check(
          "POST /admin/inhalte (refused slug)",
          await postForm(url, "/admin/inhalte", { name: P.img, slug: P.attr }, asAdmin),
          [P.img, P.attr],
          [],
          400,
        );

        // A visitor's preview is no preview: sign in first; the draft stays hidden.
        const anonymous = await get(url, "/about?vorschau");
        expect(anonymous.status).toBe(302);
        expect(anonymous.headers.get("location")).toBe("/admin?redirectTo=%2Fabout%3Fvorschau");
        expect(await anonymous.text()).not.toContain(`Entwurf-${unique}`);
        expect(problems).toEqual([]);

        // ── Sitemap: XML with nothing injected ──
        const sitemap = await (await get(url, "/sitemap.xml")).text();
        expect(injections(tokenize(sitemap))).toEqual([]);
        expect(sitemap).not.toContain("xss-seite");
      },
      after: async (db) => {
        // The published pages hold the payloads as they were typed; no refused save left a trace.
        const rows = new Map((await db.select().from(pages)).map((row) => [row.path, row]));
        expect(rows.get("/about")?.published).toEqual(ABOUT);
        expect(rows.get("/about")?.draft).toEqual({ ...ABOUT, title: DRAFT_MARK });
        expect(rows.get("/service/webdesign")?.published).toEqual(SERVICE);
        expect(rows.get("/service/webdesign")?.draft).toBeNull();
        expect(rows.get("/category/projects")?.published).toEqual(CATEGORY);
        expect(rows.get("/")?.published).toEqual(HOME);
        expect(rows.get("/contact")?.published).toEqual(CONTACT);
        expect(rows.get("frame")?.published).toEqual(FRAME);
        expect(rows.get("/service/xss-seite")?.published).toMatchObject({ name: P.single, visible: false });
        expect([...rows.keys()].filter((path) => !DEFAULT_PAGES.has(path))).toEqual(["/service/xss-seite"]);
        // One earlier version per published page.
        expect(await db.select().from(pageVersions)).toHaveLength(6);
      },
    });
  }, 300_000);
});
