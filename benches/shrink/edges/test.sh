#!/bin/sh
# Interestingness test of the `edges` fixture: see benches/shrink/interesting.sh and benches/shrink/README.md.
exec "$(cd "$(dirname "$0")" && pwd)/../interesting.sh" "$(cd "$(dirname "$0")" && pwd)" text "$@"
