#!/usr/bin/env bash
# make_assets.sh — regenerates every file in assets/ from Debian packages and this script alone.
# Needs: fonts-dejavu-core, imagemagick (convert, version 6), sox. Run from anywhere:
#   bash assets/make_assets.sh
# Sprites are drawn white/grey so the game tints them with a side's colour (SDL_SetTextureColorMod);
# a ship points north (facing 1) in its PNG and the game rotates it by 60 degrees per facing step.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
IM=${IM:-convert}
mkdir -p fonts sprites sounds

# ---- fonts: DejaVu (Bitstream Vera licence + public-domain changes), copied unchanged
for f in DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf; do
  cp /usr/share/fonts/truetype/dejavu/$f fonts/$f
done
cp /usr/share/doc/fonts-dejavu-core/copyright fonts/LICENSE-DejaVu.txt

# ---- sprites
S=sprites
# Small ship (1 hex): an arrowhead fighter with swept wings, 128x128, nose up.
$IM -size 128x128 xc:none \
  -fill 'gray55' -stroke white -strokewidth 3 \
  -draw "polygon 64,8 80,58 112,92 108,104 78,94 72,112 56,112 50,94 20,104 16,92 48,58" \
  -stroke none -fill white -draw "polygon 64,18 74,60 64,96 54,60" \
  -fill 'gray30' -draw "ellipse 64,52 5,10 0,360" \
  $S/ship_small.png
# Medium ship (2 hexes, bow and stern): a long frigate, 128x256, the hex centres at y=64 and y=192.
$IM -size 128x256 xc:none \
  -fill 'gray50' -stroke white -strokewidth 3 \
  -draw "polygon 64,6 84,44 88,120 108,150 110,206 92,214 90,244 38,244 36,214 18,206 20,150 40,120 44,44" \
  -stroke none -fill white -draw "polygon 64,18 76,48 76,200 52,200 52,48" \
  -fill 'gray35' -draw "rectangle 56,70 72,100" -draw "rectangle 56,130 72,180" \
  -fill 'gray80' -draw "rectangle 30,160 40,200" -draw "rectangle 88,160 98,200" \
  $S/ship_medium.png
# Large ship (7 hexes): a capital ship on a 256x256 canvas, centre hex in the middle.
$IM -size 256x256 xc:none \
  -fill 'gray45' -stroke white -strokewidth 4 \
  -draw "polygon 128,8 158,50 176,110 224,150 230,196 190,214 178,244 78,244 66,214 26,196 32,150 80,110 98,50" \
  -stroke none -fill white -draw "polygon 128,22 146,60 152,200 104,200 110,60" \
  -fill 'gray30' -draw "circle 128,120 128,100" \
  -fill 'gray75' -draw "circle 128,120 128,110" \
  -fill 'gray80' -draw "rectangle 56,160 76,200" -draw "rectangle 180,160 200,200" \
  -fill 'gray35' -draw "rectangle 112,150 144,190" \
  $S/ship_large.png
# Pod group: three small pods in a triangle, 64x64.
$IM -size 64x64 xc:none -fill white -stroke 'gray40' -strokewidth 2 \
  -draw "circle 32,16 32,27" -draw "circle 18,42 18,53" -draw "circle 46,42 46,53" \
  -fill 'gray40' -stroke none -draw "circle 32,16 32,20" -draw "circle 18,42 18,46" -draw "circle 46,42 46,46" \
  $S/pod.png
# Missile: a slim dart with a flame, nose up, 32x64. The flame stays orange (not tinted away).
$IM -size 32x64 xc:none \
  -fill 'rgb(255,170,60)' -draw "polygon 11,46 16,63 21,46" \
  -fill white -stroke 'gray50' -strokewidth 1 -draw "polygon 16,2 21,14 21,44 25,50 7,50 11,44 11,14" \
  $S/missile.png
# Jump point: a ring with a vortex, 128x128.
$IM -size 128x128 xc:none -fill none -stroke white -strokewidth 6 -draw "circle 64,64 64,14" \
  -strokewidth 4 -draw "arc 24,24 104,104 200,340" -draw "arc 34,34 94,94 20,160" \
  -strokewidth 3 -draw "arc 46,46 82,82 250,400" \
  $S/jump_point.png
# Jump-off point: a diamond with a dot, 128x128.
$IM -size 128x128 xc:none -fill none -stroke white -strokewidth 6 \
  -draw "polygon 64,12 116,64 64,116 12,64" -fill white -stroke none -draw "circle 64,64 64,48" \
  $S/jump_off.png
# Entry point: a double chevron, 128x128.
$IM -size 128x128 xc:none -fill white -stroke none \
  -draw "polygon 24,40 64,10 104,40 104,58 64,28 24,58" \
  -draw "polygon 24,80 64,50 104,80 104,98 64,68 24,98" \
  -fill none -stroke white -strokewidth 5 -draw "rectangle 14,6 114,120" \
  $S/entry.png
# Explosion: 8 frames, 96x96 each, in a strip 768x96: a flash that grows, cools and fades.
frames=()
for i in 0 1 2 3 4 5 6 7; do
  r=$((10 + i * 5)); core=$((r * 6 / 10)); a=$(awk "BEGIN{print 1 - $i/8.5}")
  $IM -size 96x96 xc:none \
    -fill "rgba(255,120,40,$a)" -draw "circle 48,48 48,$((48 - r))" \
    -fill "rgba(255,220,120,$a)" -draw "circle 48,48 48,$((48 - core))" \
    -fill "rgba(255,255,240,$a)" -draw "circle 48,48 48,$((48 - core / 2))" \
    -blur 0x$((2 + i)) /tmp/js_expl_$i.png
  frames+=(/tmp/js_expl_$i.png)
done
$IM "${frames[@]}" +append +repage -depth 8 $S/explosion.png
rm -f /tmp/js_expl_*.png
# Dice: d6 faces 1..6 with pips (64x64, ivory with dark pips), and blank d8/d10 shapes for a number.
pips() { # face -> list of pip centres
  case $1 in
    1) echo "32,32";; 2) echo "18,18 46,46";; 3) echo "18,18 32,32 46,46";;
    4) echo "18,18 46,18 18,46 46,46";; 5) echo "18,18 46,18 32,32 18,46 46,46";;
    6) echo "18,16 46,16 18,32 46,32 18,48 46,48";;
  esac
}
for f in 1 2 3 4 5 6; do
  args=()
  for p in $(pips $f); do x=${p%,*}; y=${p#*,}; args+=(-draw "circle $x,$y $((x + 5)),$y"); done
  $IM -size 64x64 xc:none -fill 'rgb(245,240,225)' -stroke 'rgb(120,110,90)' -strokewidth 2 \
    -draw "roundrectangle 3,3 60,60 10,10" -fill 'rgb(30,30,40)' -stroke none "${args[@]}" $S/d6_$f.png
done
$IM -size 64x64 xc:none -fill 'rgb(245,240,225)' -stroke 'rgb(120,110,90)' -strokewidth 2 \
  -draw "polygon 32,2 62,32 32,62 2,32" $S/d8_blank.png
$IM -size 64x64 xc:none -fill 'rgb(245,240,225)' -stroke 'rgb(120,110,90)' -strokewidth 2 \
  -draw "polygon 32,2 60,24 52,58 12,58 4,24" $S/d10_blank.png

# ---- sounds (mono, 22050 Hz, 16-bit WAV)
W="-r 22050 -c 1 -b 16"
sox -n $W sounds/click.wav synth 0.035 sine 1800 fade q 0.002 0.035 0.025 vol 0.5
sox -n $W sounds/launch.wav synth 0.9 pinknoise sinc 300-2500 \
  synth 0.9 sine amod 4 fade q 0.05 0.9 0.6 vol 0.6 reverb 30
sox -n $W sounds/missile.wav synth 0.55 sawtooth 300:1400 sinc -2000 fade q 0.02 0.55 0.3 vol 0.35
sox -n $W sounds/explosion.wav synth 1.6 brownnoise lowpass 400 fade q 0.01 1.6 1.4 \
  overdrive 10 vol 0.8 reverb 50
# dice: a rattle of short noise clicks, spaced unevenly
for i in 1 2 3 4 5; do
  sox -n $W /tmp/js_die_$i.wav synth 0.02 whitenoise highpass 1500 fade q 0.001 0.02 0.015 \
    pad 0 0.0$((3 + i * 11 % 7))
done
sox /tmp/js_die_{1,2,3,4,5}.wav sounds/dice.wav vol 0.8
rm -f /tmp/js_die_*.wav
sox -n $W sounds/chime.wav synth 1.4 sine 659.25 sine 880 remix - fade q 0.01 1.4 1.2 vol 0.4 reverb 40
echo "assets regenerated in $here"
