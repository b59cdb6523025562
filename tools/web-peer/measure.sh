#!/usr/bin/env bash
# Page weight of the peers, for docs/BENCHMARKS.md: the smallest page a peer stack needs for
# a bare board with rules in the browser (board library + chess.js, minified, gzipped, its
# CSS and one piece set), beside guoxiang's whole front end (web/, built as the server embeds it).
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --silent >/dev/null
gz() { gzip -9 -c "$1" | wc -c; }
out=$(mktemp -d)
for peer in chessground cm-chessboard; do
  node_modules/.bin/esbuild "$peer.js" --bundle --minify --format=iife --outfile="$out/$peer.js" --log-level=error
done
cat node_modules/chessground/assets/chessground.base.css node_modules/chessground/assets/chessground.brown.css \
    node_modules/chessground/assets/chessground.cburnett.css > "$out/cg.css"
cat node_modules/cm-chessboard/assets/chessboard.css > "$out/cm.css"
cp node_modules/cm-chessboard/assets/pieces/standard.svg "$out/cm-pieces.svg"
(cd ../../web && node build.mjs "$out/gx" >/dev/null)
printf 'guoxiang (whole app): js %s B, css %s B, html %s B, the page language'"'"'s catalogue zh-CN %s B / zh-TW %s B / en %s B (gzip -9)\n' \
  "$(gz "$out/gx/app.js")" "$(gz "$out/gx/app.css")" "$(gz "$out/gx/index.html")" \
  "$(gz "$out/gx/i18n-zh-CN.json")" "$(gz "$out/gx/i18n-zh-TW.json")" "$(gz "$out/gx/i18n-en.json")"
printf 'chessground 9.2.1 + chess.js 1.4.0: js %s B, css+pieces %s B\n' "$(gz "$out/chessground.js")" "$(gz "$out/cg.css")"
printf 'cm-chessboard 8.15.1 + chess.js 1.4.0: js %s B, css %s B, pieces %s B\n' "$(gz "$out/cm-chessboard.js")" "$(gz "$out/cm.css")" "$(gz "$out/cm-pieces.svg")"
rm -rf "$out"
