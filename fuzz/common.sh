# shellcheck shell=bash
# Shared by the scripts in fuzz/ (sourced, not run): the project root, the fuzz targets, the
# sanitizer to build with, and the `boardfuzz repro` line for an artifact.

# The project root (the folder above fuzz/); the scripts run from there.
BOARDFUZZ_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Every fuzz target, as `cargo fuzz list` names them (<slug> and <slug>_parse per game).
fuzz_targets() {
    (cd "$BOARDFUZZ_ROOT" && cargo fuzz list)
}

# The game a target belongs to: yut_nori_parse -> yut_nori.
fuzz_slug() {
    echo "${1%_parse}"
}

# Dies unless $1 names a fuzz target.
require_target() {
    if [ ! -f "$BOARDFUZZ_ROOT/fuzz/fuzz_targets/$1.rs" ]; then
        echo "error: \`$1\` is not a fuzz target (see \`cargo fuzz list\`)" >&2
        exit 2
    fi
}

# The sanitizer for `cargo fuzz -s`: $FUZZ_SANITIZER if set; else `address` when the active
# toolchain is nightly (AddressSanitizer needs -Z flags), `none` on stable.
fuzz_sanitizer() {
    if [ -n "${FUZZ_SANITIZER:-}" ]; then
        echo "$FUZZ_SANITIZER"
    elif rustc -V 2>/dev/null | grep -q nightly; then
        echo address
    else
        echo none
    fi
}

# The command that replays an artifact of target $1 through both sides.
repro_command() {
    echo "cargo run --release -- repro $(fuzz_slug "$1") $2"
}
