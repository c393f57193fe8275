#!/usr/bin/env bash
# Keeps fuzz inputs (a crash artifact once its bug is fixed, or any input worth replaying) as
# seeds of a target: copies each into fuzz/corpus/TARGET/ named by the SHA-1 of its content, as
# libFuzzer names corpus files, so keeping the same input twice is harmless.
#
#     fuzz/keep.sh TARGET ARTIFACT [ARTIFACT…]
#     fuzz/keep.sh yut_nori fuzz/artifacts/yut_nori/crash-4d06…
#
# `cargo test --test suite_<slug>` then replays every kept seed through both sides.
set -euo pipefail
# shellcheck source=fuzz/common.sh
source "$(dirname "$0")/common.sh"

if [ "$#" -lt 2 ]; then
    echo "usage: fuzz/keep.sh TARGET ARTIFACT [ARTIFACT…]" >&2
    exit 2
fi
target="$1"
shift
require_target "$target"
dir="$BOARDFUZZ_ROOT/fuzz/corpus/$target"
mkdir -p "$dir"
for artifact in "$@"; do
    if [ ! -f "$artifact" ]; then
        echo "error: $artifact is not a file" >&2
        exit 2
    fi
    name="$(sha1sum <"$artifact" | cut -d' ' -f1)"
    cp "$artifact" "$dir/$name"
    echo "kept fuzz/corpus/$target/$name"
done
echo "replay: cargo test --test fuzz_seeds_$(fuzz_slug "$target")"
