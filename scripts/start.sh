#!/usr/bin/env bash
# Installs, builds and starts the whole portal on the embedded defaults (PGlite, in-memory
# sessions, e-mails written to an outbox folder): no services needed. Demo data is seeded on
# the first start. Stop with Ctrl+C.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ensure_node
setup_pnpm
pnpm install --frozen-lockfile
pnpm exec turbo run build --filter=@portal/api --filter=@portal/bff --filter=@portal/web
exec node scripts/start-embedded.mjs
