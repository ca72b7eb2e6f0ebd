#!/usr/bin/env bash
# Installs what the tests need and runs every test of the portal: OpenAPI lint and drift,
# type checks, unit and integration tests (PGlite and the local PostgreSQL and Redis servers),
# and the end-to-end suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

require_node
setup_pnpm
ensure_chromium
pnpm install --frozen-lockfile
pnpm exec turbo run build lint typecheck test --continue=never
pnpm exec turbo run test:e2e --output-logs=full
