#!/usr/bin/env bash
# Send one request to `milo serve` over MQTT and print its answers (JSON lines).
#   scripts/send_mqtt.sh '{"event":"move","instruction":"nod twice, then look around"}'
#   scripts/send_mqtt.sh '{"event":"ask","text":"how are you?"}'
#   scripts/send_mqtt.sh '{"event":"status"}'
#   scripts/send_mqtt.sh how are you?                 # plain words are an ask
# The broker and the topic prefix come from MILO_MQTT_URL and MILO_MQTT_PREFIX (default
# mqtt://localhost:1883 and milo/), or --mqtt-url / --mqtt-prefix. Exit 0 when answered.
# This is `milo send`; without Milo's .venv, mosquitto_pub does the sending part:
#   mosquitto_pub -h localhost -t milo/in -q 1 -m '{"event":"ask","text":"hi"}'
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -x "$root/.venv/bin/python" ]; then py="$root/.venv/bin/python"; else py="${PYTHON:-python3}"; fi
export PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}"
exec "$py" -m milo send "$@"
