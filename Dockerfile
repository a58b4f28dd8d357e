# One image for every process; the command picks api, worker or rails (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx swc src workflows activities scripts clients/typescript/src -d dist --config-file .swcrc --quiet && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/workflows ./workflows
COPY --from=build /app/package.json ./package.json
USER node
ENTRYPOINT ["node", "--enable-source-maps", "dist/src/main.js"]
