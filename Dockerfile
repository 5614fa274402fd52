# BoxAbroad's image: the built site on Node 24, run by the unprivileged `node` user, the embedded
# database in the /app/data volume. How to run it: docs/deployment.md ("In a container");
# why it is built so: docs/decisions/121. tests/lint/dockerfile.test.ts reads this file.

# Build: every dependency (TypeScript, Vite), then the site into dist/.
FROM node:24.22.3-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: the production dependencies and the build; no sources, no dev tools.
FROM node:24.22.3-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# DATA_DIR's default (./data): made before VOLUME, so a new volume starts owned by `node`, 0700.
RUN mkdir -m 0700 /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Ready: the database answers and is migrated (GET /readyz); the first start migrates it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between (it passes signals on) and without rebuilding.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
