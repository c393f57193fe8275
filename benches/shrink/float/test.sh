#!/bin/sh
# Interestingness test of the `float` fixture: see ../interesting.sh and ../README.md.
exec "$(cd "$(dirname "$0")" && pwd)/../interesting.sh" "$(cd "$(dirname "$0")" && pwd)" float "$@"
