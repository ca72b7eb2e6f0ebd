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

# Debian's nginx (with the brotli_static module) for the production set (scripts/production.sh).
# Installed without starting Debian's own nginx service: the set runs its own nginx.
ensure_nginx() {
  if command -v nginx >/dev/null 2>&1 && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then return; fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "Debian's nginx is required: sudo apt-get install nginx libnginx-mod-http-brotli-static" >&2
    exit 1
  fi
  local policy=/usr/sbin/policy-rc.d own_policy=false
  if [ ! -e "$policy" ]; then
    # Tells Debian's maintainer scripts not to start the service (exit 101 = action forbidden).
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    own_policy=true
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static >/dev/null
  if [ "$own_policy" = true ]; then rm -f "$policy"; fi
}
