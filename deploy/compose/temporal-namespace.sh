#!/bin/sh
# docker-compose.yml's one-shot `temporal-namespace` job, in Temporal's admin tools image:
# registers the namespace the api and the worker use (NAMESPACE, kept RETENTION) once the
# frontend answers, and waits until the frontend serves it. Nothing to do when it exists. The
# Temporal CLI reads TEMPORAL_ADDRESS.
set -eu

attempts=0
until temporal operator namespace describe --namespace "$NAMESPACE" >/dev/null 2>&1; do
  attempts=$((attempts + 1))
  if [ "$attempts" -ge 60 ]; then
    echo "the namespace $NAMESPACE is still not served after $attempts attempts:" >&2
    temporal operator namespace describe --namespace "$NAMESPACE" >&2 || true
    exit 1
  fi
  # Refused while the server starts, and once it exists (the frontend learns it a few seconds later).
  temporal operator namespace create --namespace "$NAMESPACE" --retention "$RETENTION" >/dev/null 2>&1 || true
  sleep 2
done
echo "the namespace $NAMESPACE is served"
