# syntax=docker/dockerfile:1
# The bookmark library as one image: `start` (API + workers on the embedded database, the default), `serve` (API)
# or `work` (workers) on Postgres + Redis (compose.yaml). Every install step is in deploy/install.sh, which CI
# runs too. Data lives in the volume /data (DATA_DIR); the process runs as the unprivileged user `bookmarks`.
# Node 24 LTS (maintained until 2028-04-30): the line `npm install` brings where a host's Node is too old, so the
# line the suite runs on by default (docs/runtime.md).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN deploy/install.sh app

FROM ${NODE_IMAGE} AS runtime
COPY deploy/install.sh /usr/local/bin/bookmarks-install
RUN /usr/local/bin/bookmarks-install system
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
USER bookmarks
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini reaps Chromium's helper processes and passes SIGTERM on, so shutdown drains (docs/operations.md).
ENTRYPOINT ["tini", "--", "node", "dist/bookmarks.js"]
CMD ["start"]
