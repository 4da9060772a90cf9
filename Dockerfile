# syntax=docker/dockerfile:1
# Mission Control's container image (docs/operations.md, "The production build and the container image").
#
#   docker build -t mission-control \
#     --build-arg VERSION=0.1.0 --build-arg REVISION=$(git rev-parse HEAD) \
#     --build-arg CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ) --build-arg SOURCE=<repository URL> .
#   docker run --read-only --tmpfs /tmp -v mc-data:/var/lib/mission-control -p 8080:8080 mission-control
#
# apps/server/src/container-image.test.ts reads this file and repeats the runtime stage on a machine without
# Docker (production install, read-only app folder, unprivileged user, this ENV, ENTRYPOINT and CMD): a RUN
# step it does not know makes it fail, so teach it any step added here.

# Node.js 26, the Active LTS line since 2026-10-28 (24 stays in maintenance to April 2028: --build-arg NODE_VERSION=24).
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-trixie-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
# The console (apps/web/dist), the compiled server (apps/server/dist) and the migrated snapshot.
RUN npm run build

FROM node:${NODE_VERSION}-trixie-slim AS runtime
# The labels' values (OCI image spec annotations). The repository has no LICENSE file yet: licenses says
# NOASSERTION (SPDX) until it has one; SOURCE is the repository the image is built from.
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=unknown
ARG LICENSES=NOASSERTION
LABEL org.opencontainers.image.title="Mission Control" \
      org.opencontainers.image.description="An open-source operations console for infrastructure teams: health checks, catalog, topology, incidents, playbooks and notifications." \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="${LICENSES}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}"
# tini as PID 1: forwards SIGTERM to the server (its graceful shutdown) and reaps the processes that exec
# checks and playbook actions leave behind. The server's user has a fixed numeric id, so a Kubernetes
# runAsNonRoot check can verify it, and owns only the data folder.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 mission-control \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/mission-control --no-create-home \
      --shell /usr/sbin/nologin mission-control \
 && mkdir -p /var/lib/mission-control \
 && chown 10001:10001 /var/lib/mission-control \
 && chmod 700 /var/lib/mission-control
WORKDIR /app
# Production dependencies of the server and the workspace packages it names, exactly as locked.
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/apps/server/package.json apps/server/
RUN npm ci --omit=dev --workspace apps/server --ignore-scripts \
 && npm cache clean --force
# The compiled output only: no TypeScript sources. The migrations are plain SQL read at start.
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/server/dist apps/server/dist
ENV HOST=0.0.0.0 \
    PORT=8080 \
    MC_DATA_DIR=/var/lib/mission-control
# The one writable place besides /tmp (mount a tmpfs there with --read-only): the embedded database, the
# secret key file (unless MC_SECRET_KEY is set), the first admin's password file. With DATABASE_URL the
# database lives elsewhere and the files stay here.
VOLUME ["/var/lib/mission-control"]
USER 10001:10001
EXPOSE 8080
# Alive, not ready: Docker has one health status, and what acts on it (Swarm, autoheal) restarts the
# container; /readyz fails while the database is out, which would restart every replica for an outage a
# restart cannot fix. /livez answers while the event loop does (docs/operations.md, "Probes and graceful
# shutdown"). Node itself probes: the image has no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/main.js"]
