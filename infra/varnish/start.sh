#!/bin/sh
# Starts varnishd with infra/varnish/default.vcl in front of the API at $API_HOST:$API_PORT: one
# backend per address the name resolves to now (compose replicas; a Kubernetes Service's cluster IP),
# round-robin, each probed on /api/health. Readers' listener $HTTP_LISTEN, the API's purges on
# $PURGE_LISTEN. Further arguments go to varnishd (the tests add `-j none`). With `--check` first, it
# only compiles the VCL (varnishd -C) and exits with the compiler's status.
set -eu
check=no
if [ "${1:-}" = "--check" ]; then
  check=yes
  shift
fi
API_HOST="${API_HOST:-api}"
API_PORT="${API_PORT:-3000}"
HTTP_LISTEN="${HTTP_LISTEN:-:6081}"
PURGE_LISTEN="${PURGE_LISTEN:-:6091}"
VARNISH_STORAGE="${VARNISH_STORAGE:-malloc,256m}"
VARNISH_WORKDIR="${VARNISH_WORKDIR:-/var/lib/varnish/ai-mind}"
VCL_DIR="${VCL_DIR:-/etc/varnish}"

mkdir -p "$VARNISH_WORKDIR"
# The API may still be starting: wait for its name to resolve.
tries=0
until addresses=$(getent ahostsv4 "$API_HOST" | awk '{ print $1 }' | sort -u) && [ -n "$addresses" ]; do
  tries=$((tries + 1))
  [ "$tries" -ge 60 ] && { echo "$API_HOST does not resolve" >&2; exit 1; }
  sleep 1
done

backends="$VARNISH_WORKDIR/backends.vcl"
{
  n=0
  for address in $addresses; do
    n=$((n + 1))
    printf 'backend api_%s {\n    .host = "%s";\n    .port = "%s";\n    .connect_timeout = 2s;\n' "$n" "$address" "$API_PORT"
    # Admin recovery calls wait for their job up to 4 x JOB_WAIT_TIMEOUT_MS (2 minutes by default).
    printf '    .first_byte_timeout = 150s;\n    .between_bytes_timeout = 30s;\n    .probe = api_health;\n}\n'
  done
  printf 'sub vcl_init {\n    new api = directors.round_robin();\n'
  i=0
  while [ "$i" -lt "$n" ]; do
    i=$((i + 1))
    printf '    api.add_backend(api_%s);\n' "$i"
  done
  printf '}\n'
} > "$backends"

if [ "$check" = yes ]; then
  exec varnishd -C -n "$VARNISH_WORKDIR" -f "$VCL_DIR/default.vcl" -p "vcl_path=$VCL_DIR:$VARNISH_WORKDIR" "$@"
fi
exec varnishd -F -n "$VARNISH_WORKDIR" -f "$VCL_DIR/default.vcl" -p "vcl_path=$VCL_DIR:$VARNISH_WORKDIR" \
  -a "http=$HTTP_LISTEN" -a "purge=$PURGE_LISTEN" -s "$VARNISH_STORAGE" "$@"
