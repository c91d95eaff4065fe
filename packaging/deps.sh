#!/bin/sh
# Installs what Jumpstrike needs to build, test and run on Debian 12 (as root, or through sudo).
# clang and libclang-rt-14-dev are for the fuzz targets only (tests/fuzz/run.sh); python3 for the
# example bot's test (tests/cli/bots.sh) and the fuzz seeds' generator.
# libmicrohttpd, SQLite and GnuTLS for jumpstrike-server, libcurl for `jumpstrike-sim online`.
set -e
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential cmake pkg-config git python3 \
  libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libsdl2-mixer-dev libcjson-dev libcmocka-dev libsodium-dev \
  libmicrohttpd-dev libsqlite3-dev libgnutls28-dev libcurl4-openssl-dev \
  clang libclang-rt-14-dev \
  xvfb xauth xdotool imagemagick x11-utils dpkg-dev file appstream fonts-dejavu-core lintian >/dev/null
