#!/usr/bin/env bash
# The reference server for `make bench`: nginx serving BODY as the static file /session.json on
# 127.0.0.1:PORT, in the foreground (daemon off) with every path under DIR (config, pid, logs, temp
# files): nothing under /etc, /var or /run. Configured to be comparable with our server:
#  - worker_processes = the core count, as our server runs one IO thread per core;
#  - an access log line per request with the fields ours has (time, method, path, status, duration,
#    client address, request id), written through a buffer as our log sink coalesces its writes;
#  - the security and cache headers our API answers carry, so the answers are about the same size;
#  - keep-alive connections kept open (our server never closes an idle keep-alive connection early).
# Usage: scripts/bench/nginx.sh DIR PORT BODY   (stop it with SIGQUIT for a graceful stop)
set -euo pipefail
DIR=$1 PORT=$2 BODY=$3
mkdir -p "$DIR/html" "$DIR/tmp"
chmod 755 "$DIR" "$DIR/html"
printf '%s' "$BODY" >"$DIR/html/session.json"
chmod 644 "$DIR/html/session.json"
cat >"$DIR/nginx.conf" <<EOF
worker_processes $(nproc);
daemon off;
pid $DIR/nginx.pid;
error_log $DIR/error.log warn;
events { worker_connections 4096; }
http {
  types { application/json json; }
  default_type application/octet-stream;
  charset utf-8;
  charset_types application/json;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 30s;
  keepalive_requests 100000000;
  client_body_temp_path $DIR/tmp/body;
  proxy_temp_path $DIR/tmp/proxy;
  fastcgi_temp_path $DIR/tmp/fastcgi;
  uwsgi_temp_path $DIR/tmp/uwsgi;
  scgi_temp_path $DIR/tmp/scgi;
  log_format shopfloor '\$time_iso8601 info \$request_method \$uri \$status \${request_time}s \$remote_addr rid=\$request_id';
  access_log $DIR/access.log shopfloor buffer=64k flush=1s;
  server {
    listen 127.0.0.1:$PORT;
    root $DIR/html;
    location / {
      add_header Cache-Control no-store;
      add_header X-Request-Id \$request_id;
      add_header X-Content-Type-Options nosniff;
      add_header Referrer-Policy same-origin;
      add_header X-Frame-Options DENY;
    }
  }
}
EOF
exec nginx -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/error.log"
