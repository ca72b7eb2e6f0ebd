# Shared helpers of the set-up scripts (sourced, not run).

# pnpm through corepack, as a real command on PATH (Turborepo runs `pnpm run …` for each task).
# corepack's signature check fails against the registry reachable here, so it is turned off;
# the version is pinned by package.json#packageManager.
export COREPACK_INTEGRITY_KEYS=0
# Node's own binary package carries no corepack, so where the machine has none either it comes
# from the npm registry too.
setup_pnpm() {
  local shims="$PWD/.cache/bin" corepack_bin
  mkdir -p "$shims"
  corepack_bin=$(command -v corepack || true)
  if [ -z "$corepack_bin" ]; then
    corepack_bin="$PWD/.cache/corepack/package/dist/corepack.js"
    if [ ! -f "$corepack_bin" ]; then
      mkdir -p "$PWD/.cache/corepack"
      (cd "$PWD/.cache/corepack" && tar -xzf "$(npm pack --silent corepack@0.36)")
    fi
    corepack_bin="node $corepack_bin"
  fi
  $corepack_bin enable --install-directory "$shims" pnpm
  export PATH="$shims:$PATH"
  pnpm --version >/dev/null
}

# Node.js as pinned in .nvmrc (an exact 24.x LTS release). A machine whose own Node is another
# major gets the pinned release from the npm registry – the `node-linux-<arch>` package holds
# the official binary – unpacked once into .cache/node/<version>/ and put first on PATH, so the
# two commands stay two commands on a fresh machine with only the npm registry in reach.
ensure_node() {
  local wanted major cache arch tarball
  wanted=$(tr -d ' \n' <.nvmrc)
  major=${wanted%%.*}
  if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
    return
  fi
  cache="$PWD/.cache/node/$wanted"
  if [ ! -x "$cache/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "Node.js $major is required (and npm to fetch it: none found)." >&2
      exit 1
    fi
    case "$(uname -m)" in
      x86_64) arch=x64 ;;
      aarch64 | arm64) arch=arm64 ;;
      *) echo "No Node.js $wanted package for $(uname -m); install Node.js $major yourself." >&2; exit 1 ;;
    esac
    echo "Fetching Node.js $wanted (node-linux-$arch) from the npm registry into .cache/node/ …" >&2
    rm -rf "$cache.partial" && mkdir -p "$cache.partial"
    tarball=$(cd "$cache.partial" && npm pack --silent "node-linux-$arch@$wanted")
    tar -xzf "$cache.partial/$tarball" -C "$cache.partial" --strip-components=1 package/bin/node
    rm -f "$cache.partial/$tarball"
    rm -rf "$cache" && mv "$cache.partial" "$cache"
  fi
  # npm run by the pinned Node looks for its global npmrc beside that Node (in .cache), not
  # where the machine's npm keeps it, and so would lose the machine's settings – a registry
  # mirror, the CA file of a TLS-intercepting proxy. Keep the machine's file (turbo.json passes
  # the variable, and the CA variables, through to the tasks).
  local machine_npmrc
  if [ -z "${NPM_CONFIG_GLOBALCONFIG:-}" ] && command -v npm >/dev/null 2>&1; then
    machine_npmrc=$(npm config get globalconfig 2>/dev/null || true)
    if [ -n "$machine_npmrc" ] && [ -f "$machine_npmrc" ]; then export NPM_CONFIG_GLOBALCONFIG="$machine_npmrc"; fi
  fi
  export PATH="$cache/bin:$PATH"
}

# Debian's Chromium for the browser tests (Playwright never downloads a browser here): the
# headless shell the e2e suites run in, and the whole browser Lighthouse measures.
ensure_chromium() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then return; fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "Debian's chromium packages are required: sudo apt-get install chromium chromium-headless-shell" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
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
