#!/bin/sh
# Interestingness test of the `grid` fixture: see ../interesting.sh and ../README.md.
exec "$(cd "$(dirname "$0")" && pwd)/../interesting.sh" "$(cd "$(dirname "$0")" && pwd)" text "$@"
