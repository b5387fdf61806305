import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Every URL of the product (spec §2 route table). */
const comingSoon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Pages of the next issues (public site, admin): declared now, built there.
    comingSoon("projects", "projects"),
    comingSoon("category/:slug", "category"),
    comingSoon("project/:id", "project-detail"),
    comingSoon("projects/:id", "projects-detail"),
    comingSoon("service", "service"),
    comingSoon("service/:page", "service-page"),
    comingSoon("about", "about"),
    comingSoon("contact", "contact"),
    comingSoon("admin", "admin"),
    route("not-found", "routes/not-found.tsx", { id: "not-found" }),
    route(":page", "routes/legal-page.tsx"),
    route("*", "routes/not-found.tsx", { id: "catch-all" }),
  ]),
] satisfies RouteConfig;
