#!/usr/bin/env bash
# Set Milo up (first run: a few minutes) and start the chat on the embedded model.
set -euo pipefail
cd "$(dirname "$0")"
# The good brain (a 1.1 GB download, once) where the machine has the memory for it (>= 4 GB);
# the tiny one otherwise, or when you choose a model yourself (./start.sh --model tiny).
brain=()
mem_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || echo 0)
case " $* " in
  *" --model "*|*" --model="*) ;;
  *) if [ "${mem_kb:-0}" -ge 3800000 ]; then brain=(--brain good); fi ;;
esac
scripts/setup.sh "${brain[@]}"
exec .venv/bin/milo chat "$@"
