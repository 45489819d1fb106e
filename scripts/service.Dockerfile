# A service's image, from the repository root: docker build -f scripts/service.Dockerfile --build-arg SERVICE=accounts --target service .
# `npm run test:prod` does what this file does, outside Docker, and starts the result (README, "Production").

# Build stage: the whole workspace with its dev tools compiles the services to JavaScript and lays out the run stage.
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV KASSA_SKIP_FERRETDB_BUILD=1
COPY . .
RUN npm ci --no-audit --no-fund --ignore-scripts && node scripts/build-services.mjs --stage /prod

# Run stage: the service's production dependencies only (no TypeScript, no tsx) and the compiled services.
FROM node:20-bookworm-slim AS base
ARG SERVICE
WORKDIR /app
ENV NODE_ENV=production SERVICE=${SERVICE}
COPY --from=build /prod ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts -w services/${SERVICE} && npm cache clean --force
USER node

# The BullMQ worker of a service that has one (accounts, payments): same code, its own process.
FROM base AS worker
CMD ["sh", "-c", "exec node --enable-source-maps services/${SERVICE}/dist/worker.js"]

FROM base AS service
EXPOSE 8080
CMD ["sh", "-c", "exec node --enable-source-maps services/${SERVICE}/dist/server.js"]
