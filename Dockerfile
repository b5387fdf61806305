# syntax=docker/dockerfile:1
# The site as a container image; docs/deploy.md ("Docker") explains how to run it and
# compose.yaml runs it with PostgreSQL. CI has no Docker engine: nothing here is built by
# `npm test`, so change it together with package.json, server.js and the README.

# --- Build: all dependencies (React Router's compiler, Vite, Tailwind), then the production build.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The `node` devDependency installs a second Node 24 for the npm scripts (decision 0004);
# harmless here, and it keeps `npm run build` the same command as everywhere else.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- Runtime: production dependencies, the build, the migrations and the command-line scripts.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
# No production dependency has an install script: sharp and @node-rs/argon2 come as prebuilt
# binaries in per-platform optional packages (linux-x64 and linux-arm64, glibc).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY server.js ./
# Found at runtime next to package.json (app/db/client.server.ts) and applied at every start.
COPY drizzle ./drizzle
# `npm run admin`, `npm run db:migrate` (and the backup commands) run from here.
COPY scripts ./scripts
# build/server (the server and the app) and build/client (hashed assets, public/, .br/.gz).
COPY --from=build /app/build ./build

# The embedded database, its lock, the local mail drop and backups. A named volume mounted here
# starts with this directory's owner; the application files above stay root's and read-only.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node

EXPOSE 3000
# The server stops accepting, finishes requests and closes the database within 10 s of SIGTERM.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same settings and Node flags as `npm run serve` (decision 0008), without npm in between:
# node is PID 1 and gets SIGTERM itself.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server.js"]
