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
    // The admin area follows with its own issue; until then the route says so plainly.
    route("admin", "routes/coming-soon.tsx", { id: "admin" }),
    route("not-found", "routes/not-found.tsx", { id: "not-found" }),
    route(":page", "routes/legal-page.tsx"),
    route("*", "routes/not-found.tsx", { id: "catch-all" }),
  ]),
] satisfies RouteConfig;
