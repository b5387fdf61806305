#!/usr/bin/env bash
# One-command install (and update) of the site on a fresh Debian or Ubuntu server, with Caddy in
# front for automatic https. Run as root from a checkout or an unpacked release:
#
#   sudo bash scripts/install-server.sh --domain example.de --email owner@example.de
#
# What it does, in order: Caddy (and, only when missing, npm) from the distribution's packages;
# a system user `portfolio`; the app in /opt/portfolio (npm ci, build); data in /var/lib/portfolio;
# /etc/portfolio.env, the systemd unit and /etc/caddy/Caddyfile; then it starts or restarts
# everything, waits for /healthz and prints the one-time setup link. Running it again changes
# nothing; running it from a newer checkout updates the app and keeps the data (migrations run
# when the server starts). docs/installation.md (German) and docs/deploy.md explain it.
#
# --dry-run prints every action and every file it would write and changes nothing. --root DIR
# writes the files under DIR instead of / and runs no system command (the tests use it).
set -euo pipefail

readonly SERVICE=portfolio
readonly APP_USER=portfolio
# The largest body the app accepts: an image upload (UPLOAD_BODY_LIMIT_BYTES in
# server/request-guards.ts, 10 MiB); Caddy refuses anything larger before it reaches the app.
readonly MAX_BODY=10MiB
readonly DEFAULT_BACKUP_CRON="0 3 * * *"
readonly DEFAULT_BACKUP_KEEP=7
# In /opt/portfolio after a build that ended well.
readonly BUILT_STAMP=.install-server-built

DOMAIN=""
EMAIL=""
APP_PORT=3000
DRY_RUN=0
ROOT=""
PRINT=""
TLS_INTERNAL=0
HTTPS_PORT=""
REDIRECTS=()
SOURCE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
  cat <<'EOF'
Usage: sudo bash scripts/install-server.sh --domain example.de --email owner@example.de [options]

  --domain NAME      the site's host name; its A/AAAA records must point at this server
  --email ADDRESS    the owner's address: Let's Encrypt's contact and ADMIN_EMAIL
  --redirect NAME    another name (e.g. www.example.de) redirected to --domain; repeatable
  --port N           the app's port on 127.0.0.1 (default 3000)
  --dry-run          print every action and file, change nothing
  --root DIR         write the files under DIR, run no system command (for tests)
  --print WHAT       print only the generated file: unit, caddyfile or env
  --tls-internal     Caddy's own local CA instead of Let's Encrypt (tests, no public DNS)
  --https-port N     Caddy's https port instead of 443 (tests; http then on N+1)
  -h, --help         this text
EOF
}

die() {
  echo "install-server: $*" >&2
  exit 1
}

parse_args() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --domain) DOMAIN="${2:?--domain needs a value}"; shift 2 ;;
      --email) EMAIL="${2:?--email needs a value}"; shift 2 ;;
      --redirect) REDIRECTS+=("${2:?--redirect needs a value}"); shift 2 ;;
      --port) APP_PORT="${2:?--port needs a value}"; shift 2 ;;
      --dry-run) DRY_RUN=1; shift ;;
      --root) ROOT="${2:?--root needs a directory}"; shift 2 ;;
      --print) PRINT="${2:?--print needs unit, caddyfile or env}"; shift 2 ;;
      --tls-internal) TLS_INTERNAL=1; shift ;;
      --https-port) HTTPS_PORT="${2:?--https-port needs a value}"; shift 2 ;;
      -h | --help) usage; exit 0 ;;
      *) usage >&2; die "unknown option: $1" ;;
    esac
  done
  [[ "$DOMAIN" =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] || die "--domain must be a host name such as example.de"
  [[ "$EMAIL" =~ ^[^[:space:]@\"]+@[^[:space:]@\"]+\.[^[:space:]@\"]+$ ]] || die "--email must be an e-mail address"
  [[ "$APP_PORT" =~ ^[0-9]+$ ]] || die "--port must be a number"
  [ -z "$HTTPS_PORT" ] || [[ "$HTTPS_PORT" =~ ^[0-9]+$ ]] || die "--https-port must be a number"
  local name
  for name in "${REDIRECTS[@]}"; do
    [[ "$name" =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] || die "--redirect must be a host name"
  done
  if [ -n "$ROOT" ]; then
    [ "$DRY_RUN" = 1 ] || mkdir -p "$ROOT" || die "cannot create --root $ROOT"
    ROOT="$(cd "$ROOT" 2>/dev/null && pwd || echo "$ROOT")"
  fi
}

# Paths, all under ROOT so that tests can write the real files into a temporary directory.
app_dir() { echo "$ROOT/opt/$SERVICE"; }
data_dir() { echo "$ROOT/var/lib/$SERVICE"; }
env_file() { echo "$ROOT/etc/$SERVICE.env"; }
unit_file() { echo "$ROOT/etc/systemd/system/$SERVICE.service"; }
caddy_file() { echo "$ROOT/etc/caddy/Caddyfile"; }

# ---------------------------------------------------------------------------------------------
# The generated files. Dry runs, real runs, --print and the tests all use these functions.

# The service's environment. The owner may add lines (SMTP_URL, MAIL_FROM, DATABASE_URL, …) and
# change the backup schedule; a second run keeps those and rewrites only what it manages.
generate_env() {
  local existing="${1:-}"
  local backup_cron backup_keep
  backup_cron="$(env_value "$existing" BACKUP_CRON)"
  backup_keep="$(env_value "$existing" BACKUP_KEEP)"
  cat <<EOF
# Written by scripts/install-server.sh. It rewrites the lines above the marker below on every
# run; BACKUP_CRON and BACKUP_KEEP keep the values you set. Add your own lines (SMTP_URL,
# MAIL_FROM, …) below the marker, then: systemctl restart $SERVICE
NODE_ENV=production
# Only Caddy on this machine talks to the server.
HOST=127.0.0.1
PORT=$APP_PORT
DATA_DIR=/var/lib/$SERVICE
PUBLIC_URL=$(public_url)
# Caddy writes the visitor's address into X-Forwarded-For; it is believed from loopback only.
TRUST_PROXY=X-Forwarded-For
TRUSTED_PROXIES=127.0.0.1/32,::1/128
# A backup into /var/lib/$SERVICE/backups every night at 03:00, the newest $DEFAULT_BACKUP_KEEP kept.
BACKUP_CRON="${backup_cron:-$DEFAULT_BACKUP_CRON}"
BACKUP_KEEP=${backup_keep:-$DEFAULT_BACKUP_KEEP}
# Where the setup link and notices go (mailed when SMTP_URL is set).
ADMIN_EMAIL=$EMAIL
LOG_LEVEL=info
# --- your own settings below this line ---
EOF
  # The owner's lines after the marker, unchanged.
  if [ -n "$existing" ]; then
    printf '%s\n' "$existing" | sed -n '/^# --- your own settings below this line ---$/,$p' | sed '1d'
  fi
}

# The address visitors use; with a test's https port, that port too.
public_url() {
  if [ -n "$HTTPS_PORT" ] && [ "$HTTPS_PORT" != 443 ]; then
    echo "https://$DOMAIN:$HTTPS_PORT"
  else
    echo "https://$DOMAIN"
  fi
}

# The value of KEY in an env file's text, without quotes; empty when absent.
env_value() {
  printf '%s\n' "$1" | sed -n "s/^$2=//p" | tail -n 1 | sed -e 's/^"\(.*\)"$/\1/' -e "s/^'\(.*\)'$/\1/"
}

generate_unit() {
  cat <<EOF
# Written by scripts/install-server.sh; a second run rewrites it.
[Unit]
Description=Portfolio website ($DOMAIN)
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
User=$APP_USER
Group=$APP_USER
WorkingDirectory=/opt/$SERVICE
EnvironmentFile=/etc/$SERVICE.env
# The settings and Node flags of \`npm run serve\` (docs/decisions/0008-page-cache.md), with the
# project's own Node 24 from its \`node\` devDependency (decision 0004).
Environment=MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
ExecStart=/opt/$SERVICE/node_modules/.bin/node --max-semi-space-size=8 --max-old-space-size=192 server.js
Restart=on-failure
RestartSec=5
# On SIGTERM the server finishes open requests and closes the database within 10 s.
KillSignal=SIGTERM
TimeoutStopSec=20
# Files the server writes (database, backups, mail drop) are readable by its user only.
UMask=0077

# Hardening: the server may write /var/lib/$SERVICE and nothing else.
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=/var/lib/$SERVICE
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
CapabilityBoundingSet=
SystemCallArchitectures=native

[Install]
WantedBy=multi-user.target
EOF
}

generate_caddyfile() {
  local name
  echo "# Written by scripts/install-server.sh; a second run rewrites it."
  echo "{"
  echo "	# Let's Encrypt's contact for the certificates (expiry notices)."
  echo "	email $EMAIL"
  if [ -n "$HTTPS_PORT" ]; then
    echo "	https_port $HTTPS_PORT"
    echo "	http_port $((HTTPS_PORT + 1))"
    # A test's Caddy shares the machine: no admin endpoint on the fixed port 2019, and its local
    # certificate authority stays out of the system's trust store.
    echo "	admin off"
    echo "	skip_install_trust"
  fi
  echo "}"
  echo
  echo "$DOMAIN {"
  if [ "$TLS_INTERNAL" = 1 ]; then
    echo "	# Caddy's own local certificate authority instead of Let's Encrypt (tests only)."
    echo "	tls internal"
  fi
  cat <<EOF
	# Browsers use https only for two years. The app sends the same header (PUBLIC_URL is https);
	# deferred, Caddy's replaces it instead of adding a second one.
	header {
		defer
		Strict-Transport-Security "max-age=63072000; includeSubDomains"
	}
	# The app's largest body is an image upload; anything larger stops here.
	request_body {
		max_size $MAX_BODY
	}
	# Caddy sets X-Forwarded-For to the visitor's address (TRUST_PROXY in /etc/$SERVICE.env).
	# No access log: the privacy policy promises that the proxy keeps none.
	reverse_proxy 127.0.0.1:$APP_PORT
}
EOF
  for name in "${REDIRECTS[@]}"; do
    cat <<EOF

# One origin only: forms are accepted from PUBLIC_URL's origin.
$name {
	redir https://$DOMAIN{uri} permanent
}
EOF
  done
}

# ---------------------------------------------------------------------------------------------
# Actions. Each one says what it does; with --dry-run that is all it does.

CHANGED=0
say() { echo "==> $*"; }

# A system command: printed, and run unless this is a dry run or a --root run.
run() {
  if [ "$DRY_RUN" = 1 ]; then
    echo "would run: $*"
  elif [ -n "$ROOT" ]; then
    echo "skipped (--root): $*"
  else
    echo "+ $*"
    "$@"
  fi
}

# Writes CONTENT to FILE with MODE and OWNER (user:group) when it differs; prints the file on a
# dry run. Returns 0 when the file changed (or would), 1 when it is already like that.
write_file() {
  local file="$1" mode="$2" owner="$3" content="$4"
  if [ -f "$file" ] && [ "$(cat "$file")" = "$content" ]; then
    echo "unchanged: $file"
    return 1
  fi
  if [ "$DRY_RUN" = 1 ]; then
    echo "would write: $file (mode $mode, owner $owner)"
    printf '%s\n' "$content" | sed 's/^/    | /'
    return 0
  fi
  mkdir -p "$(dirname "$file")"
  local temporary
  temporary="$(mktemp "$file.XXXXXX")"
  printf '%s\n' "$content" >"$temporary"
  chmod "$mode" "$temporary"
  [ -n "$ROOT" ] || chown "$owner" "$temporary"
  mv -f "$temporary" "$file"
  echo "written: $file"
  CHANGED=1
  return 0
}

require_root() {
  if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
    die "run as root: sudo bash $0 --domain $DOMAIN --email $EMAIL"
  fi
}

install_packages() {
  say "Packages from the distribution: Caddy (https), curl"
  local missing=()
  command -v caddy >/dev/null 2>&1 || missing+=(caddy)
  command -v curl >/dev/null 2>&1 || missing+=(curl ca-certificates)
  # The site runs on the project's own Node 24 (its `node` devDependency, decision 0004): the
  # distribution's nodejs is older than the app needs (Debian 12 ships 18). npm is only needed to
  # run `npm ci` once, which downloads that Node 24; so Debian's npm (and the nodejs it pulls in)
  # is installed only when the machine has no npm at all.
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  if [ ${#missing[@]} -eq 0 ]; then
    echo "unchanged: caddy, curl and npm are installed"
    return
  fi
  run env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  [ -n "$ROOT" ] || CHANGED=1
}

create_user() {
  say "System user $APP_USER and data directory /var/lib/$SERVICE"
  if [ -z "$ROOT" ] && id -u "$APP_USER" >/dev/null 2>&1; then
    echo "unchanged: user $APP_USER exists"
  else
    run useradd --system --home-dir "/var/lib/$SERVICE" --no-create-home --shell /usr/sbin/nologin "$APP_USER"
    [ -n "$ROOT" ] || CHANGED=1
  fi
  local data
  data="$(data_dir)"
  if [ -d "$data" ]; then
    echo "unchanged: $data exists (the data stays)"
  elif [ "$DRY_RUN" = 1 ]; then
    echo "would create: $data (mode 0700, owner $APP_USER)"
  else
    mkdir -p "$data"
    chmod 0700 "$data"
    [ -n "$ROOT" ] || chown "$APP_USER:$APP_USER" "$data"
    echo "created: $data"
    CHANGED=1
  fi
}

# The app's files without what a build or a run produces.
readonly APP_EXCLUDES=(--exclude=./node_modules --exclude=./build --exclude=./data --exclude=./.git --exclude=./.env
  --exclude=./tmp --exclude=./.react-router --exclude=./test-results --exclude=./playwright-report)

app_differs() {
  local target="$1"
  [ -f "$target/package.json" ] || return 0
  ! diff -rq --exclude=node_modules --exclude=build --exclude=data --exclude=.git --exclude=.env --exclude=tmp \
    --exclude="$BUILT_STAMP" \
    --exclude=.react-router --exclude=test-results --exclude=playwright-report \
    "$SOURCE_DIR" "$target" >/dev/null 2>&1
}

# Copies the checkout to /opt/portfolio when it differs (a first install or a newer version),
# then `npm ci` and the build. The files belong to root: the server's user cannot change its code.
install_app() {
  local target
  target="$(app_dir)"
  say "The app in /opt/$SERVICE (from $SOURCE_DIR)"
  local copy=0 build=0
  if [ "$SOURCE_DIR" = "$target" ]; then
    echo "unchanged: running from $target itself"
  elif app_differs "$target"; then
    copy=1
  else
    echo "unchanged: $target has this version"
  fi
  # Written after a build that ended well: a run that stopped halfway builds again.
  [ -f "$target/$BUILT_STAMP" ] || build=1
  if [ "$copy" = 1 ]; then
    if [ "$DRY_RUN" = 1 ]; then
      echo "would copy: $SOURCE_DIR → $target (without node_modules, build, data, .git)"
    else
      mkdir -p "$target"
      # Files of an older version that the new one dropped go; node_modules and build are
      # replaced by npm ci and the build below.
      find "$target" -mindepth 1 -maxdepth 1 ! -name node_modules ! -name build -exec rm -rf {} +
      # Exit status 1 is tar's "a file changed as we read it" (a checkout in use): copied anyway.
      { tar -C "$SOURCE_DIR" "${APP_EXCLUDES[@]}" --warning=no-file-changed -cf - . || [ $? = 1 ]; } \
        | tar -C "$target" --no-same-owner -xf -
      echo "copied: $SOURCE_DIR → $target"
    fi
    CHANGED=1
    build=1
  fi
  if [ "$build" = 1 ]; then
    run env -C "$target" npm ci --no-audit --no-fund
    run env -C "$target" npm run build
    # The server's user reads the code, whatever umask the checkout was made with.
    run chmod -R u+rwX,go+rX,go-w "$target"
    [ "$DRY_RUN" = 1 ] || [ -n "$ROOT" ] || touch "$target/$BUILT_STAMP"
    # Under --root nothing was built, so a second run would say the same: not a change.
    [ -n "$ROOT" ] || { CHANGED=1; APP_UPDATED=1; }
  fi
}
APP_UPDATED=0

write_config() {
  say "Environment, systemd unit and Caddyfile"
  local existing="" env_path
  env_path="$(env_file)"
  [ -f "$env_path" ] && existing="$(cat "$env_path")"
  ENV_CHANGED=0 UNIT_CHANGED=0 CADDY_CHANGED=0
  if write_file "$env_path" 0640 "root:$APP_USER" "$(generate_env "$existing")"; then ENV_CHANGED=1; fi
  if write_file "$(unit_file)" 0644 root:root "$(generate_unit)"; then UNIT_CHANGED=1; fi
  local caddyfile content
  caddyfile="$(caddy_file)"
  content="$(generate_caddyfile)"
  validate_caddyfile "$content"
  # A Caddyfile that this script did not write (Debian's welcome page, or the owner's own) is
  # kept next to it once.
  if [ -f "$caddyfile" ] && ! grep -q '^# Written by scripts/install-server.sh' "$caddyfile" \
    && [ ! -e "$caddyfile.before-$SERVICE" ]; then
    if [ "$DRY_RUN" = 1 ]; then
      echo "would keep: $caddyfile as $caddyfile.before-$SERVICE"
    else
      cp -p "$caddyfile" "$caddyfile.before-$SERVICE"
      echo "kept: $caddyfile as $caddyfile.before-$SERVICE"
    fi
  fi
  if write_file "$caddyfile" 0644 root:root "$content"; then CADDY_CHANGED=1; fi
}

validate_caddyfile() {
  if ! command -v caddy >/dev/null 2>&1; then
    echo "not yet validated: caddy is not installed yet"
    return
  fi
  local temporary
  temporary="$(mktemp)"
  printf '%s\n' "$1" >"$temporary"
  if caddy validate --adapter caddyfile --config "$temporary" >"$temporary.log" 2>&1; then
    echo "valid: the Caddyfile (caddy validate)"
    rm -f "$temporary" "$temporary.log"
  else
    cat "$temporary.log" >&2
    rm -f "$temporary" "$temporary.log"
    die "the generated Caddyfile is not valid"
  fi
}

start_services() {
  say "Start or restart what changed"
  [ "$UNIT_CHANGED" = 0 ] || run systemctl daemon-reload
  run systemctl enable --quiet "$SERVICE" caddy
  if [ "$UNIT_CHANGED" = 1 ] || [ "$ENV_CHANGED" = 1 ] || [ "$APP_UPDATED" = 1 ]; then
    run systemctl restart "$SERVICE"
  else
    run systemctl start "$SERVICE"
  fi
  if [ "$CADDY_CHANGED" = 1 ]; then
    run systemctl reload-or-restart caddy
  else
    run systemctl start caddy
  fi
}

wait_and_greet() {
  if [ "$DRY_RUN" = 1 ] || [ -n "$ROOT" ]; then
    echo "would wait for http://127.0.0.1:$APP_PORT/healthz and print the setup link from the journal"
    return
  fi
  say "Waiting for the site"
  local tries=0
  until curl -fsS "http://127.0.0.1:$APP_PORT/healthz" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -ge 90 ]; then
      journalctl -u "$SERVICE" -n 30 --no-pager >&2 || true
      die "the site did not answer within 90 s; the lines above say why"
    fi
    sleep 1
  done
  echo "The site runs: $(public_url)"
  # The server logs the link as JSON: {"setupLink":"https://…/admin/setup?token=…", …}.
  local link
  link="$(journalctl -u "$SERVICE" -o cat -n 200 --no-pager 2>/dev/null \
    | sed -n 's/.*"setupLink":"\([^"]*\)".*/\1/p' | tail -n 1)"
  if [ -n "$link" ]; then
    cat <<EOF

Open this link (on your phone, too) to create your admin account. It works once, for one hour;
each restart of the site makes a new one:

  $link

EOF
  else
    echo "An admin account exists: sign in at $(public_url)/admin"
  fi
}

main() {
  parse_args "$@"
  case "$PRINT" in
    "") ;;
    unit) generate_unit; return ;;
    caddyfile) generate_caddyfile; return ;;
    env) generate_env ""; return ;;
    *) die "--print takes unit, caddyfile or env" ;;
  esac
  require_root
  [ "$DRY_RUN" = 0 ] || echo "Dry run: nothing is changed."
  [ -z "$ROOT" ] || echo "Files under $ROOT; no system command is run."
  install_packages
  create_user
  install_app
  write_config
  start_services
  wait_and_greet
  if [ "$CHANGED" = 0 ]; then
    echo "Nothing changed: the installation is up to date."
  fi
}

main "$@"
