#!/usr/bin/env bash
# jumpstrike-server over HTTPS (--cert/--key, libmicrohttpd's GnuTLS): a self-signed certificate
# made here, the API answered through TLS, plain HTTP to the same port not answered; a
# certificate that is not one stops the server with a message. Needs openssl and curl (skipped
# with a note without them).
set -u
server=$1; sim=$2; src=$3; tmp=$(mktemp -d); fail=0; pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
for p in openssl curl; do
  command -v $p > /dev/null || { echo "skipped: $p is not installed"; exit 0; }
done
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tmp/key.pem" -out "$tmp/cert.pem" -days 2 \
  -subj /CN=127.0.0.1 > /dev/null 2>&1 || { echo "FAILED: openssl could not make a certificate"; exit 1; }
"$server" --listen 127.0.0.1:0 --data "$tmp/data" --scenarios "$src/scenarios" --quiet \
  --cert "$tmp/cert.pem" --key "$tmp/key.pem" > "$tmp/out" 2> "$tmp/err" & pid=$!
for i in $(seq 100); do grep -q '^listening on' "$tmp/out" && break; sleep 0.1; done
addr=$(sed -n 's/^listening on \([^ ]*\) .*/\1/p' "$tmp/out")
[ -n "$addr" ] || { echo "FAILED: the server did not start with a certificate"; cat "$tmp/err"; exit 1; }
out=$(curl -s --max-time 10 --cacert "$tmp/cert.pem" "https://$addr/v1")
grep -q '"server":"jumpstrike-server' <<< "$out" || { echo "FAILED: no answer over HTTPS: $out"; fail=1; }
g=$(curl -s --max-time 10 --cacert "$tmp/cert.pem" -X POST "https://$addr/v1/games" \
  -d '{"scenario":"duel","sides":{"A":"human","B":"ai:cadet"}}')
grep -q '"side":"A","token":"[0-9a-f]\{32\}"' <<< "$g" || { echo "FAILED: no game created over HTTPS: $g"; fail=1; }
if curl -s --max-time 5 "http://$addr/v1" | grep -q jumpstrike; then
  echo "FAILED: plain HTTP was answered on the HTTPS port"; fail=1
fi
kill $pid; wait $pid; pid=
echo "not a certificate" > "$tmp/bad.pem"
if "$server" --listen 127.0.0.1:0 --data "$tmp/data" --scenarios "$src/scenarios" --quiet \
     --cert "$tmp/bad.pem" --key "$tmp/key.pem" > "$tmp/out2" 2> "$tmp/err2" & pid=$!; then :; fi
for i in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill -0 $pid 2>/dev/null || ! grep -q "certificate" "$tmp/err2"; then
  echo "FAILED: a bad certificate did not stop the server with a message:"; cat "$tmp/err2"; fail=1
fi
pid=
[ $fail = 0 ] && echo "ok: HTTPS"
exit $fail
