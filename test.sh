#!/usr/bin/env bash
# Set up everything the tests need (system packages, robot and voice extras) and run them.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh --all
exec .venv/bin/python -m pytest "$@"
