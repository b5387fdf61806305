import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Every URL of the product (spec §2 route table). */
export default [
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("projects", "routes/projects.tsx"),
    route("category/:slug", "routes/category.tsx"),
    route("project/:id", "routes/project-detail.tsx", { id: "project-detail" }),
    route("projects/:id", "routes/project-detail.tsx", { id: "projects-detail" }),
    route("service", "routes/service.tsx", { id: "service-overview" }),
    route("service/:page", "routes/service.tsx", { id: "service-page" }),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("newsletter/bestaetigen", "routes/newsletter-confirm.tsx"),
    route("newsletter/abmelden", "routes/newsletter-unsubscribe.tsx"),
    route("media/:id/:file", "routes/media.tsx"),
    // The admin area: every loader and action starts with requireAdmin (except sign-in/setup).
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/projects.tsx"),
      route("login", "routes/admin/login.tsx"),
      route("logout", "routes/admin/logout.tsx"),
      route("setup", "routes/admin/setup.tsx"),
      route("inhalte", "routes/admin/content.tsx"),
      route("inhalte/markdown", "routes/admin/markdown-preview.tsx"),
      route("inhalte/:key", "routes/admin/content-editor.tsx"),
      route("kontaktanfragen", "routes/admin/contacts.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/export", "routes/admin/newsletter-export.tsx"),
      route("newsletter/ausgaben", "routes/admin/newsletter-issues.tsx"),
      route("newsletter/ausgaben/:id", "routes/admin/newsletter-issue.tsx"),
      route("newsletter/ausgaben/:id/vorschau", "routes/admin/newsletter-preview.tsx"),
      route("profil", "routes/admin/profile.tsx"),
      route("einstellungen", "routes/admin/settings.tsx"),
    ]),
    route("not-found", "routes/not-found.tsx", { id: "not-found" }),
    route(":page", "routes/legal-page.tsx"),
    route("*", "routes/not-found.tsx", { id: "catch-all" }),
  ]),
] satisfies RouteConfig;
