#!/usr/bin/env bash
# Renders a sample HTML report (`check --report html`) to PNG with headless Chromium, to look at:
# a run over every game with a planted fault (the engine's trace runs a turn ahead on any input
# holding a 3, every case deep-checked), so each game has a finding with two boards. Installs
# Debian's `chromium` with apt-get if it is missing. Prints the PNG's path.
#
#   scripts/report-screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/report-screenshot.png}
if ! command -v chromium >/dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium >/dev/null
fi
cargo build --quiet
report=$(pwd)/target/sample-report.html
BOARDFUZZ_PLANT=trace-ahead ./target/debug/boardfuzz check --cases 30 --seed 1 --deep-share 1 \
    --no-save --quiet --report html "$report" >/dev/null || true
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --screenshot="$out" --window-size=1200,3000 \
    "file://$report" >/dev/null 2>&1
echo "$out"
