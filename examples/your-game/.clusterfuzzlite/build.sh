#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of this crate: every cargo-fuzz target of fuzz/ into
# $OUT/<target>, with its kept seeds fuzz/corpus/<target>/ as $OUT/<target>_seed_corpus.zip.
#
# In the base-builder-rust image $SANITIZER is set (address for Rust) and the toolchain is nightly,
# so the targets get AddressSanitizer. Anywhere else — $SANITIZER unset, a sanitizer Rust cannot
# build (undefined), or a stable toolchain (sanitizers need -Z flags) — they are built with
# `--sanitizer none`. A coverage build (SANITIZER=coverage) is handled by the image's cargo
# wrapper, which turns `cargo fuzz build` into an instrumented `cargo build --bins`.
#
# To try it outside Docker, point SRC, OUT and WORK at folders (SRC holding a copy of the repo
# as $SRC/your-game, or set CRATE_SRC to the crate):
#     SRC=/tmp/cfl/src OUT=/tmp/cfl/out WORK=/tmp/cfl/work CRATE_SRC=$PWD .clusterfuzzlite/build.sh
set -o pipefail

cd "${CRATE_SRC:-$SRC/your-game}"
mkdir -p "$OUT"

sanitizer=none
case "${SANITIZER:-}" in
    address | memory | thread | leak) sanitizer="$SANITIZER" ;;
esac
if [ "$sanitizer" != none ] && ! rustc -V | grep -q nightly; then
    echo "build.sh: SANITIZER=$SANITIZER needs a nightly toolchain ($(rustc -V) is active); building with --sanitizer none" >&2
    sanitizer=none
fi
if [ "$sanitizer" = none ] && ! rustc -V | grep -q nightly; then
    # The image's RUSTFLAGS may carry -Z flags (e.g. -Zsanitizer=address) that stable rejects.
    RUSTFLAGS="$(echo "${RUSTFLAGS:-}" | sed 's/-Z[^ ]*//g')"
    export RUSTFLAGS
fi
host="$(rustc -vV | sed -n 's/^host: //p')"
bin_dir="${CARGO_TARGET_DIR:-fuzz/target}/$host/release"
echo "build.sh: $(rustc -V), sanitizer $sanitizer, binaries from $bin_dir"

targets="$(cargo fuzz list)"
for target in $targets; do
    # -O optimizes; --debug-assertions keeps overflow checks and debug_assert!s, as local
    # `cargo fuzz run` builds have them.
    cargo fuzz build -O --debug-assertions --sanitizer "$sanitizer" "$target"
    cp "$bin_dir/$target" "$OUT/$target"
    seeds="fuzz/corpus/$target"
    if [ -n "$(ls -A "$seeds" 2>/dev/null)" ]; then
        rm -f "$OUT/${target}_seed_corpus.zip"
        if command -v zip >/dev/null 2>&1; then
            zip -q -j "$OUT/${target}_seed_corpus.zip" "$seeds"/*
        else
            (cd "$seeds" && python3 -m zipfile -c "$OUT/${target}_seed_corpus.zip" ./*)
        fi
    fi
    echo "build.sh: $OUT/$target ($(ls "$seeds" 2>/dev/null | wc -l) seeds)"
done
