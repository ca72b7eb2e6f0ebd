#!/usr/bin/env bash
# Installs what the tests need and runs every test of the portal: OpenAPI lint and drift,
# type checks, unit and integration tests (PGlite and the local PostgreSQL and Redis servers),
# the end-to-end suite in Debian's Chromium, and the production set (nginx, two BFFs, the API
# on PostgreSQL, Redis) brought up, used in Chromium and taken down by scripts/production.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ensure_node
setup_pnpm
ensure_chromium
ensure_nginx
pnpm install --frozen-lockfile
pnpm run format:check
bash scripts/check-commit-subjects.sh
node scripts/check-catalog.mjs
# Two tasks at a time: the suites start real upstreams, PGlite and browsers, and with more
# parallel tasks than cores their timing-sensitive tests (deadlines, renewals) time out.
pnpm exec turbo run build lint typecheck test budget --continue=never --concurrency=2
pnpm exec turbo run test:e2e --output-logs=full
pnpm exec turbo run test:production --output-logs=full
