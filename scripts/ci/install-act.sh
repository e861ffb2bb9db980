#!/usr/bin/env bash
# Installs act (the local GitHub Actions runner the adopter's workflows are tested under) from the
# Go module proxy, once per machine: a fresh machine compiles it (about 90 s on 2 cores, which
# .ci/run overlaps with its other provisioning). Prints the binary's path on its last line.
#
#   scripts/ci/install-act.sh      needs Go; reuses act on PATH or in $(go env GOPATH)/bin
set -euo pipefail
version=v0.2.89
gobin=$(go env GOPATH 2>/dev/null)/bin
act=$(command -v act || true)
if [ -z "$act" ] && [ -x "$gobin/act" ]; then act=$gobin/act; fi
if [ -z "$act" ]; then
  echo "install-act: installing act $version from the Go module proxy" >&2
  go install "github.com/nektos/act@$version" >&2
  act=$gobin/act
fi
echo "$act"
