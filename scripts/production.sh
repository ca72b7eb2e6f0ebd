#!/usr/bin/env bash
# Runs the portal on this machine as an operator runs it in production, from the recipe in
# deploy/: nginx (TLS, HTTP/2, precompressed assets) in front of two BFF instances, which
# balance two API instances on the local PostgreSQL (files in the database), Redis for
# sessions, and a local SMTP sink for the e-mails. Each service
# gets exactly the environment its systemd unit would (deploy/env/*.env, then this machine's
# values in $PORTAL_STATE_DIR/*.local.env, nothing inherited) and runs the unit's ExecStart.
#
#   bash scripts/production.sh start     # start everything and wait until it is ready
#   bash scripts/production.sh stop      # stop everything (SIGTERM, then SIGKILL after 20 s)
#   bash scripts/production.sh status    # exit 0 all running, 3 all stopped, 1 partly
#   bash scripts/production.sh restart SERVICE   # one of mail, api-1, api-2, bff-1, bff-2, nginx,
#                                        # as systemctl restart would: stop it gracefully, start it, wait
#                                        # until ready; `api` restarts api-1, then api-2 (rolling)
#   bash scripts/production.sh admin …   # portal-admin with the API's environment (backup, restore, create-user…)
#
# Needs a build (pnpm exec turbo run build), nginx (scripts/lib.sh ensure_nginx), PostgreSQL
# and Redis. State (certificate, secrets, data, logs, pids) lives in PORTAL_STATE_DIR
# (default .data/production) and survives stop/start; the database too.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

STATE=${PORTAL_STATE_DIR:-$ROOT/.data/production}
HTTPS_PORT=${PORTAL_HTTPS_PORT:-8443}
HTTP_PORT=${PORTAL_HTTP_PORT:-8480}
MAIL_PORT=${PORTAL_MAIL_PORT:-2725}
POSTGRES_SERVER=${PORTAL_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}
DATABASE_NAME=${PORTAL_DATABASE_NAME:-portal_production}
API_INSTANCES=(1 2)
BFF_INSTANCES=(1 2)
# Start order; stop goes the other way.
SERVICES=(mail api-1 api-2 bff-1 bff-2 nginx)

RECIPE=$ROOT/deploy
API_UNIT=$RECIPE/systemd/portal-api@.service
BFF_UNIT=$RECIPE/systemd/portal-bff@.service

log() { printf '%s\n' "$*" >&2; }
die() { log "production.sh: $*"; exit 1; }

# The unit's command, relative to its WorkingDirectory (/opt/portal there, the checkout here).
unit_command() { sed -n 's|^ExecStart=/usr/bin/node ||p' "$1"; }
# A variable's value in an env file (first assignment; quotes removed).
env_value() { sed -n "s/^$2=//p" "$1" | head -n 1 | sed 's/^"\(.*\)"$/\1/'; }

pid_of() { cat "$STATE/run/$1.pid" 2>/dev/null || true; }
is_running() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# Starts a service in the background with only the variables of the given env files (as
# systemd's EnvironmentFile= does) and records its pid; the exec chain keeps that pid.
launch() {
  local name=$1 env_files=$2
  shift 2
  mkdir -p "$STATE/logs" "$STATE/run"
  (
    exec env -i PATH="$PATH" HOME="${HOME:-/root}" bash -c '
      for file in $0; do set -a; . "$file"; set +a; done
      unset file
      exec "$@"' "$env_files" "$@" </dev/null >>"$STATE/logs/$name.log" 2>&1
  ) &
  echo $! >"$STATE/run/$name.pid"
}

# Waits until the URL answers 2xx; fails early, with the service's last log lines, if it died.
wait_ready() {
  local name=$1 url=$2 deadline=$((SECONDS + ${3:-90}))
  until curl -fsS -k -o /dev/null --max-time 3 -H 'accept: text/html' "$url" 2>/dev/null; do
    if ! is_running "$name"; then
      log "$name exited during start-up; last lines of $STATE/logs/$name.log:"
      tail -n 20 "$STATE/logs/$name.log" >&2 || true
      return 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "$name did not become ready at $url"
      tail -n 20 "$STATE/logs/$name.log" >&2 || true
      return 1
    fi
    sleep 0.5
  done
  log "$name ready ($url)"
}

# This machine's values for what deploy/env leaves to the operator: generated secrets, local
# addresses and paths. Made once, so sessions, data and the database survive a restart.
write_local_env() {
  mkdir -p "$STATE"
  chmod 700 "$STATE"
  if [ ! -f "$STATE/api.local.env" ]; then
    umask 077
    cat >"$STATE/api.local.env" <<EOF
JWT_SECRET=$(openssl rand -hex 32)
DATABASE_URL=$POSTGRES_SERVER/$DATABASE_NAME
DATA_DIR=$STATE/api
PORTAL_URL=https://localhost:$HTTPS_PORT
SMTP_URL=smtp://127.0.0.1:$MAIL_PORT
EOF
    cat >"$STATE/bff.local.env" <<EOF
ALTCHA_HMAC_KEY=$(openssl rand -hex 32)
PUBLIC_ORIGIN=https://localhost:$HTTPS_PORT
WEB_DIST_DIR=$ROOT/apps/web/dist
REDIS_KEY_PREFIX=portal:production:$(openssl rand -hex 4):
EOF
    umask 022
  fi
}

ensure_database() {
  local database_url
  database_url=$(env_value "$STATE/api.local.env" DATABASE_URL)
  local server=${database_url%/*} name=${database_url##*/}
  if [ "$(psql "$server/postgres" -Atc "select 1 from pg_database where datname = '$name'")" != 1 ]; then
    psql "$server/postgres" -qc "create database \"$name\"" >/dev/null
    log "created database $name"
  fi
}

ensure_certificate() {
  mkdir -p "$STATE/tls"
  [ -f "$STATE/tls/portal.crt" ] && return
  # Self-signed for localhost: browsers in the tests ignore the certificate error; an operator
  # uses the certificate of the portal's host name instead.
  openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj '/CN=localhost' \
    -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' \
    -keyout "$STATE/tls/portal.key" -out "$STATE/tls/portal.crt" 2>/dev/null
  chmod 600 "$STATE/tls/portal.key"
}

# nginx's main configuration for this local set around the recipe's deploy/nginx/portal.conf.
write_nginx_config() {
  local dir=$STATE/nginx brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
  mkdir -p "$dir/tmp"
  local site=$dir/portal.conf
  sed -e "s|@SERVER_NAME@|localhost|g" \
    -e "s|@PUBLIC_ORIGIN@|https://localhost:$HTTPS_PORT|g" \
    -e "s|@HTTP_PORT@|127.0.0.1:$HTTP_PORT|g" \
    -e "s|@HTTPS_PORT@|127.0.0.1:$HTTPS_PORT|g" \
    -e "s|@TLS_CERT@|$STATE/tls/portal.crt|g" \
    -e "s|@TLS_KEY@|$STATE/tls/portal.key|g" \
    -e "s|@WEB_DIST_DIR@|$(env_value "$STATE/bff.local.env" WEB_DIST_DIR)|g" \
    -e "s|@ACCESS_LOG@|$STATE/logs/nginx-access.log|g" \
    "$RECIPE/nginx/portal.conf" >"$site"
  local load_brotli=''
  if [ -f "$brotli_module" ]; then
    load_brotli="load_module $brotli_module;"
  else
    log "nginx's brotli module is missing (apt-get install libnginx-mod-http-brotli-static): serving gzip only"
    sed -i '/brotli_static/d' "$site"
  fi
  cat >"$dir/nginx.conf" <<EOF
# Generated by scripts/production.sh; the portal's part is portal.conf beside this file.
$load_brotli
daemon off;
# This local set runs nginx in the foreground under the script's user; Debian's packaged nginx
# runs its workers as www-data.
$([ "$(id -u)" -eq 0 ] && echo 'user root root;')
worker_processes 1;
pid $STATE/run/nginx.master.pid;
error_log $STATE/logs/nginx-error.log warn;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    include $site;
}
EOF
  nginx -t -q -c "$dir/nginx.conf" -p "$dir" || die "nginx rejects $dir/nginx.conf"
}

start() {
  command -v nginx >/dev/null || die 'nginx is not installed (source scripts/lib.sh; ensure_nginx)'
  for built in apps/api/dist/server.js apps/bff/dist/server.js apps/web/dist/index.html; do
    [ -f "$built" ] || die "$built is missing: build first (pnpm exec turbo run build)"
  done
  local running=0
  for service in "${SERVICES[@]}"; do is_running "$service" && running=$((running + 1)); done
  if [ "$running" -eq "${#SERVICES[@]}" ]; then
    log 'already running'
    return 0
  fi
  [ "$running" -eq 0 ] || die 'partly running: run stop first'
  local service
  for service in "${SERVICES[@]}"; do ensure_ports_free "$service"; done

  write_local_env
  ensure_database
  ensure_certificate
  mkdir -p "$STATE/mail" "$STATE/logs" "$STATE/run"
  write_nginx_config
  if ! start_services; then
    log 'start-up failed: stopping what did start'
    stop
    exit 1
  fi
}

start_services() {
  launch_service mail && wait_service mail || return 1
  # Both API instances start at once, as systemd would start portal-api@1 and @2: one applies
  # the migrations under the advisory lock, the other waits.
  for instance in "${API_INSTANCES[@]}"; do launch_service "api-$instance"; done
  for instance in "${API_INSTANCES[@]}"; do wait_service "api-$instance" || return 1; done
  # Both BFF instances start at once, as systemd would start portal-bff@1 and @2.
  for instance in "${BFF_INSTANCES[@]}"; do launch_service "bff-$instance"; done
  for instance in "${BFF_INSTANCES[@]}"; do wait_service "bff-$instance" || return 1; done
  launch_service nginx && wait_service nginx || return 1

  log "
The portal runs at https://localhost:$HTTPS_PORT (self-signed certificate).
Create the first tenant and user:  bash scripts/production.sh admin create-tenant --name …
Logs: $STATE/logs   mail: $STATE/mail   stop: bash scripts/production.sh stop"
}

# Starts one service in the background with its unit's command and environment.
launch_service() {
  case "$1" in
    mail) launch mail '' node e2e/production/mail-sink.mjs --port "$MAIL_PORT" --dir "$STATE/mail" ;;
    # shellcheck disable=SC2046 # the unit's command is words on purpose
    api-*) launch "$1" "$RECIPE/env/api.env $RECIPE/env/$1.env $STATE/api.local.env" node $(unit_command "$API_UNIT") ;;
    # shellcheck disable=SC2046
    bff-*) launch "$1" "$RECIPE/env/bff.env $RECIPE/env/$1.env $STATE/bff.local.env" node $(unit_command "$BFF_UNIT") ;;
    nginx) launch nginx '' nginx -c "$STATE/nginx/nginx.conf" -p "$STATE/nginx" ;;
    *) die "unknown service $1 (one of ${SERVICES[*]})" ;;
  esac
}

# Waits until a launched service is ready: its health or readiness probe, the SMTP port.
wait_service() {
  case "$1" in
    mail) wait_smtp ;;
    api-*) wait_ready "$1" "http://127.0.0.1:$(env_value "$RECIPE/env/$1.env" PORT)/health" 120 ;;
    bff-*) wait_ready "$1" "http://127.0.0.1:$(env_value "$RECIPE/env/$1.env" PORT)/readyz" 60 ;;
    nginx) wait_ready nginx "https://localhost:$HTTPS_PORT/" 30 ;;
  esac
}

# The ports a service listens on (the recipe's, and the script's for nginx and the sink).
service_ports() {
  case "$1" in
    mail) echo "$MAIL_PORT" ;;
    api-*) echo "$(env_value "$RECIPE/env/$1.env" PORT) $(env_value "$RECIPE/env/$1.env" METRICS_PORT)" ;;
    bff-*) echo "$(env_value "$RECIPE/env/$1.env" PORT) $(env_value "$RECIPE/env/$1.env" METRICS_PORT)" ;;
    nginx) echo "$HTTPS_PORT $HTTP_PORT" ;;
  esac
}

# Refuses to start a service whose port something else listens on (another set, another
# state directory): its probe would answer for it and the set would look ready without it.
ensure_ports_free() {
  local port
  for port in $(service_ports "$1"); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      die "port $port of $1 is in use by another process (another production set?); stop it first"
    fi
  done
}

# The sink speaks SMTP, not HTTP: wait for its port instead.
wait_smtp() {
  local deadline=$((SECONDS + 30))
  until (exec 3<>"/dev/tcp/127.0.0.1/$MAIL_PORT") 2>/dev/null; do
    is_running mail || { tail -n 20 "$STATE/logs/mail.log" >&2; return 1; }
    [ "$SECONDS" -lt "$deadline" ] || { log 'mail sink did not start'; return 1; }
    sleep 0.3
  done
  log "mail ready (smtp://127.0.0.1:$MAIL_PORT)"
}

stop() {
  local index
  for ((index = ${#SERVICES[@]} - 1; index >= 0; index--)); do stop_service "${SERVICES[index]}"; done
}

stop_service() {
  local service=$1 pid
  pid=$(pid_of "$service")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    # nginx finishes open requests on QUIT; the Node services on TERM (close-with-grace).
    if [ "$service" = nginx ]; then kill -QUIT "$pid"; else kill -TERM "$pid"; fi
    local deadline=$((SECONDS + 20))
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      log "$service did not stop within 20 s: killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    log "$service stopped"
  fi
  rm -f "$STATE/run/$service.pid"
}

# One service, the way `systemctl restart` treats a unit: a graceful stop (in-flight requests
# finish), a start with the same environment, and back only when it is ready. The others keep
# serving meanwhile (nginx sends traffic to the other BFF instance, the BFFs to the other API
# instance). `api` is both API instances, one after the other, as a rolling upgrade does.
restart() {
  local service=${1:-}
  if [ "$service" = api ]; then
    for instance in "${API_INSTANCES[@]}"; do restart "api-$instance"; done
    return
  fi
  [[ " ${SERVICES[*]} " == *" $service "* ]] || die "restart needs one of: ${SERVICES[*]} (or api: both API instances)"
  [ -f "$STATE/api.local.env" ] || die "no installation in $STATE yet: run start first"
  stop_service "$service"
  ensure_ports_free "$service"
  launch_service "$service"
  wait_service "$service" || die "$service did not come back; see $STATE/logs/$service.log"
}

status() {
  local running=0 service
  for service in "${SERVICES[@]}"; do
    if is_running "$service"; then
      running=$((running + 1))
      echo "$service: running (pid $(pid_of "$service"))"
    else
      echo "$service: stopped"
    fi
  done
  [ "$running" -eq "${#SERVICES[@]}" ] && return 0
  [ "$running" -eq 0 ] && return 3
  return 1
}

admin() {
  [ -f "$STATE/api.local.env" ] || die "no installation in $STATE yet: run start first"
  env -i PATH="$PATH" HOME="${HOME:-/root}" bash -c '
    set -a; . "$0"; . "$1"; set +a
    shift
    exec node apps/api/dist/cli/portal-admin.js "$@"' "$RECIPE/env/api.env" "$STATE/api.local.env" "$@"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  restart) restart "${2:-}" ;;
  admin) shift; admin "$@" ;;
  *) die 'usage: production.sh start|stop|status|restart SERVICE|admin <portal-admin arguments>' ;;
esac
