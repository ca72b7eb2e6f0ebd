# Shared helpers of the set-up scripts (sourced, not run).

# pnpm through corepack, as a real command on PATH (Turborepo runs `pnpm run …` for each task).
# corepack's signature check fails against the registry reachable here, so it is turned off;
# the version is pinned by package.json#packageManager.
export COREPACK_INTEGRITY_KEYS=0
setup_pnpm() {
  local shims="$PWD/.cache/bin"
  mkdir -p "$shims"
  corepack enable --install-directory "$shims" pnpm
  export PATH="$shims:$PATH"
  pnpm --version >/dev/null
}

require_node() {
  if ! command -v node >/dev/null 2>&1; then
    echo "Node.js 20.19 or newer is required." >&2
    exit 1
  fi
  local major minor
  major=$(node -p 'process.versions.node.split(".")[0]')
  minor=$(node -p 'process.versions.node.split(".")[1]')
  if [ "$major" -lt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -lt 19 ]; }; then
    echo "Node.js 20.19 or newer is required (found $(node --version))." >&2
    exit 1
  fi
}

# Debian's Chromium for the browser tests (Playwright never downloads a browser here).
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "Debian's chromium package is required: sudo apt-get install chromium" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}
