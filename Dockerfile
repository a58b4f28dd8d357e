# One image for every process of the product: its command picks api, worker or codec-server
# (docker-compose.yml, the Helm chart); the `sandbox` target adds the rails simulator (sim/). The
# build stage has every dependency and makes dist/ and the workflow bundle; the image gets the
# production dependencies (installed apart, so that no build tool or cache comes along), the
# compiled code and the bundle, and runs as `node` (uid 1000). docs/deployment.md, "The image",
# says what it holds and how big it is. `npm run image:build` builds it with buildah, on a base
# image it makes under this very name (no registry needed) and pins by digest.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: what the build runs needs none (swc's native binary is a package of its own),
# and the npm this Node ships would run them all, analytics included.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY .swcrc ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY sim ./sim
COPY scripts ./scripts
COPY clients/typescript/src ./clients/typescript/src
# The build `npm run build` does, then the worker's workflow code bundled once here instead of
# in every worker at start-up (WORKFLOW_BUNDLE_PATH below).
RUN npx swc src workflows activities sim scripts clients/typescript/src -d dist --config-file .swcrc --quiet \
 && node dist/scripts/bundle-workflows.js dist/workflow-bundle.js

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
# Temporal's native core comes built for five platforms (about 140 MB) with its Rust sources: keep
# the one binary its bridge loads on this image's platform (the bridge's own getPrebuiltTargetName).
RUN cd node_modules/@temporalio/core-bridge \
 && target="$(node -p "require('./common').getPrebuiltTargetName()")" \
 && find releases -mindepth 1 -maxdepth 1 ! -name "$target" -exec rm -r {} + \
 && rm -r sdk-core src bridge-macros Cargo.toml Cargo.lock

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    WORKFLOW_BUNDLE_PATH=/app/dist/workflow-bundle.js
WORKDIR /app
# package.json marks the application's root (src/config/dev-defaults.ts looks for it).
COPY package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
# The compiled code the processes load (workflows/ too: the api starts and signals workflows by
# their definitions), and the bundle the worker runs; no TypeScript source, no dev script.
COPY --from=build /app/dist/src ./dist/src
COPY --from=build /app/dist/workflows ./dist/workflows
COPY --from=build /app/dist/activities ./dist/activities
COPY --from=build /app/dist/clients ./dist/clients
COPY --from=build /app/dist/workflow-bundle.js ./dist/workflow-bundle.js
# Its twin with the tracing interceptors, which a worker run with OTEL_EXPORTER_OTLP_ENDPOINT runs.
COPY --from=build /app/dist/workflow-bundle.traced.js ./dist/workflow-bundle.traced.js
# Where the image comes from, for whoever finds it in a registry: `npm run image:build` passes
# the repository's URL, the git revision and package.json's version. Last, so that a new revision
# changes no layer above.
ARG IMAGE_SOURCE=
ARG IMAGE_REVISION=
ARG IMAGE_VERSION=
LABEL org.opencontainers.image.source="${IMAGE_SOURCE}" \
      org.opencontainers.image.revision="${IMAGE_REVISION}" \
      org.opencontainers.image.version="${IMAGE_VERSION}"
# Nothing is written under /app: the image runs with a read-only root filesystem (only /tmp mounted).
USER node
# Liveness of whichever process runs here (the api, the worker or the codec server); its port
# answers once the api has migrated, or from the start for the worker. Compose asks /ready instead.
HEALTHCHECK --interval=10s --timeout=5s --start-period=5m --retries=3 CMD ["node", "dist/src/healthcheck.js"]
ENTRYPOINT ["node", "--enable-source-maps", "dist/src/main.js"]
CMD ["api"]

# The sandbox image (`--target sandbox`): the production image as it is, plus the upstream-rails
# simulator (dist/sim), which it runs in place of the product's roles: `main.js rails`, for
# docker-compose.yml and a staging release of the Helm chart (rails.simulator). The production
# image holds none of sim/ (docs/deployment.md, "The image").
FROM runtime AS sandbox
COPY --from=build /app/dist/sim ./dist/sim
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "dist/sim/healthcheck.js"]
ENTRYPOINT ["node", "--enable-source-maps", "dist/sim/main.js"]
CMD ["rails"]

# The default target, last so that a plain `docker build .` makes it: the runtime stage as it is.
FROM runtime
