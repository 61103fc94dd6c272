#!/usr/bin/env bash
# Run a command beside a throwaway PostgreSQL server:
#
#     bash .ci/pg.sh make test            # what CI does (.ci/run)
#     bash .ci/pg.sh .venv/bin/python -m pytest tests/data/test_storage.py
#
# Finds PostgreSQL's initdb and pg_ctl (on PATH, else the newest /usr/lib/postgresql/*/bin); when
# there are none and we are root, installs Debian's `postgresql` with apt-get. Then initdb's a
# cluster in a new temporary folder, starts it listening on 127.0.0.1 only, on a free port, with
# its socket and pid file in that folder, creates the database `fupan_test`, exports
# FUPAN_TEST_PG_URL=postgresql://fupan@127.0.0.1:PORT/fupan_test and runs the command. On exit
# (also on failure or Ctrl-C) it stops that server by its own pid file and removes the folder.
# Exits with the command's exit code. As root, the server runs as the system user `postgres`
# (created by the package; created here if missing), since PostgreSQL refuses to run as root.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: bash .ci/pg.sh COMMAND [ARGS...]" >&2
    exit 2
fi

log() { echo "pg.sh: $*" >&2; }

find_bin() {
    local tool dir
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        tool="$(command -v pg_ctl)"
        dirname "$(readlink -f "$tool")"
        return 0
    fi
    # Debian keeps the server's programs off PATH
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
        echo "$dir"
        return 0
    fi
    return 1
}

if ! PGBIN="$(find_bin)"; then
    if [ "$(id -u)" -ne 0 ]; then
        log "PostgreSQL (initdb, pg_ctl) not found; install Debian's postgresql package, or run as root to have it installed"
        exit 1
    fi
    log "installing PostgreSQL (apt-get install postgresql)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # the package would create (and try to start) a system cluster "main" on port 5432: not wanted here
    apt-get install -y -qq --no-install-recommends postgresql-common >/dev/null
    if [ -f /etc/postgresql-common/createcluster.conf ]; then
        sed -ri 's/^#?[[:space:]]*create_main_cluster[[:space:]]*=.*/create_main_cluster = false/' \
            /etc/postgresql-common/createcluster.conf
    fi
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    PGBIN="$(find_bin)" || { log "PostgreSQL installed, but initdb/pg_ctl not found"; exit 1; }
fi

# who runs the server: never root
RUNAS=()
OWNER="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
    OWNER=postgres
    if ! id -u "$OWNER" >/dev/null 2>&1; then
        useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$OWNER"
    fi
    if command -v runuser >/dev/null 2>&1; then
        RUNAS=(runuser -u "$OWNER" --)
    else
        RUNAS=(setpriv --reuid="$OWNER" --regid="$OWNER" --init-groups --)
    fi
fi

BASE="${TMPDIR:-/tmp}"
[ "$OWNER" = "$(id -un)" ] || BASE=/tmp # where the server's user can reach
PGTMP="$(mktemp -d "$BASE/fupan-pg.XXXXXX")"
chmod 700 "$PGTMP"
[ "$OWNER" = "$(id -un)" ] || chown "$OWNER": "$PGTMP"
DATA="$PGTMP/data"
PIDFILE="$DATA/postmaster.pid"

as_owner() { (cd "$PGTMP" && "${RUNAS[@]}" "$@"); }

cleanup() {
    local code=$?
    trap - EXIT INT TERM
    if [ -f "$PIDFILE" ]; then
        as_owner "$PGBIN/pg_ctl" -D "$DATA" -m fast -w -t 30 stop >/dev/null 2>&1 || true
        if [ -f "$PIDFILE" ]; then # still there: end that one process, by its pid file
            local pid
            pid="$(head -n 1 "$PIDFILE" 2>/dev/null || true)"
            if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null || true; fi
        fi
    fi
    rm -rf "$PGTMP"
    exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

as_owner "$PGBIN/initdb" -D "$DATA" -U fupan --auth=trust -E UTF8 --locale=C --no-sync >"$PGTMP/initdb.log" 2>&1 || {
    cat "$PGTMP/initdb.log" >&2
    log "initdb failed"
    exit 1
}

PORT=""
for _ in 1 2 3 4 5; do # a free port may be taken between the look and the start: try another
    PORT="$(free_port)"
    if as_owner "$PGBIN/pg_ctl" -D "$DATA" -l "$PGTMP/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories='$PGTMP' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >/dev/null; then
        break
    fi
    PORT=""
done
if [ -z "$PORT" ]; then
    cat "$PGTMP/server.log" >&2 || true
    log "the server did not start"
    exit 1
fi

CREATEDB="$PGBIN/createdb"
[ -x "$CREATEDB" ] || CREATEDB=createdb
"$CREATEDB" -h 127.0.0.1 -p "$PORT" -U fupan fupan_test
export FUPAN_TEST_PG_URL="postgresql://fupan@127.0.0.1:$PORT/fupan_test"
log "PostgreSQL $("$PGBIN/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$PORT (pid $(head -n 1 "$PIDFILE")); FUPAN_TEST_PG_URL=$FUPAN_TEST_PG_URL"

set +e
"$@"
status=$?
set -e
exit "$status"
