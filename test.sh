#!/usr/bin/env bash
# Set up everything the tests need (system packages, robot and voice extras) and run them.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh --all
# A native library has crashed the whole run once in ~25 CI runs (a segfault during the barge-in
# test of tests/test_voice_barge.py, where PortAudio, espeak-ng, onnxruntime and WebRTC's echo
# canceller run at once; not reproduced in 30 runs of it here). Then the tests not yet done run
# again, once, after saying so: the crash's trace stays above, and a test that failed before it
# still fails the run.
export MILO_TESTS_DONE; MILO_TESTS_DONE="$(mktemp)"
trap 'rm -f "$MILO_TESTS_DONE" "$MILO_TESTS_DONE.failed"' EXIT
rc=0; .venv/bin/python -m pytest "$@" || rc=$?
if [ "$rc" = 134 ] || [ "$rc" = 135 ] || [ "$rc" = 139 ]; then
    echo "[test] the run was killed by signal $((rc - 128)) ($(kill -l $((rc - 128)))) in a native library (its trace is above), after $(wc -l < "$MILO_TESTS_DONE") tests; running the tests not yet done again, once" >&2
    rc=0; MILO_TESTS_RESUME=1 .venv/bin/python -m pytest "$@" || rc=$?
    if [ "$rc" = 0 ] && [ -s "$MILO_TESTS_DONE.failed" ]; then
        echo "[test] failed before the crash: $(sort -u "$MILO_TESTS_DONE.failed" | tr '\n' ' ')" >&2
        rc=1
    fi
fi
exit "$rc"
