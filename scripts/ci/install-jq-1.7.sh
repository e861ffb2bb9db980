#!/usr/bin/env bash
# Builds jq 1.7.1 (what GitHub's ubuntu runners ship) beside Debian's jq 1.6, so the jq glue is
# tested on both: scripts/test.sh runs the script tests once per jq when KPG_JQ_DIRS names
# PREFIX/bin. The source is Debian's copy of the jq-1.7.1 tag (deb.debian.org is reachable
# where GitHub is not), checked by SHA-256; the binary of Debian 13 needs a newer glibc than
# Debian 12 has, hence the build. Reuses an existing PREFIX/bin/jq.
#
#   scripts/ci/install-jq-1.7.sh [PREFIX]      default /opt/jq-1.7.1; needs root for apt-get
set -euo pipefail
prefix=${1:-/opt/jq-1.7.1}
url=${KPG_DEBIAN_MIRROR:-http://deb.debian.org/debian}/pool/main/j/jq/jq_1.7.1.orig.tar.gz
sha256=fc75b1824aba7a954ef0886371d951c3bf4b6e0a921d1aefc553f309702d6ed1

if [ -x "$prefix/bin/jq" ] && [ "$("$prefix/bin/jq" --version)" = jq-1.7.1 ]; then
  echo "install-jq-1.7: $prefix/bin/jq is jq-1.7.1, reused"
  exit 0
fi
missing=()
for tool in autoreconf libtoolize bison flex make gcc curl; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -f /usr/include/oniguruma.h ] || missing+=(oniguruma.h)
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-jq-1.7: installing build tools (missing: ${missing[*]})"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q autoconf automake libtool libonig-dev bison flex make gcc curl >/dev/null
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-jq.XXXXXX")
trap 'rm -rf "$work"' EXIT
curl -fsS --max-time 120 -o "$work/jq.tar.gz" "$url" || { echo "install-jq-1.7: cannot download $url" >&2; exit 1; }
echo "$sha256  $work/jq.tar.gz" | sha256sum -c --quiet - || { echo "install-jq-1.7: $url does not have the expected SHA-256" >&2; exit 1; }
tar -C "$work" -xzf "$work/jq.tar.gz"
cd "$work"/jq-jq-1.7.1
# The tag's tarball has no .git, from which jq takes its version string.
printf '#!/bin/sh\necho 1.7.1\n' > scripts/version
{
  autoreconf -i
  ./configure --with-oniguruma=yes --disable-docs --disable-maintainer-mode --prefix="$prefix"
  make -j"$(nproc)"
  make install
} > "$work/build.log" 2>&1 || { tail -n 30 "$work/build.log" >&2; echo "install-jq-1.7: the build failed (log above)" >&2; exit 1; }
echo "install-jq-1.7: $("$prefix/bin/jq" --version) installed in $prefix"
