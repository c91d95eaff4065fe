#!/usr/bin/env bash
# Draws the application icon (a starship over a hex, in the two side colours) with ImageMagick
# and writes it at the usual hicolor sizes. Run from anywhere; writes into packaging/icons/.
set -euo pipefail
cd "$(dirname "$0")/icons"
convert -size 256x256 xc:none \
  -fill '#0b1426' -stroke '#4696ff' -strokewidth 10 \
  -draw 'polygon 64,18 192,18 250,128 192,238 64,238 6,128' \
  -stroke none -fill '#f05a3c' -draw 'polygon 128,44 150,120 128,108 106,120' \
  -fill '#dfe8f5' -draw 'polygon 128,70 176,190 128,168 80,190' \
  -fill '#4696ff' -draw 'rectangle 120,150 136,206' \
  -fill '#ffd27a' -draw 'circle 128,212 128,200' \
  jumpstrike-256.png
for s in 16 32 48 64 128; do convert jumpstrike-256.png -resize ${s}x${s} jumpstrike-$s.png; done
