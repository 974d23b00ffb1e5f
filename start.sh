#!/usr/bin/env bash
# Set Milo up (first run: a few minutes) and start the chat on the embedded model.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
exec .venv/bin/milo chat "$@"
