#!/usr/bin/env bash
# See the gate work in one command: the example adopter (examples/orders-service) copied into a
# scratch git repository, one of its regression patches applied as the head, and the paired gate
# run on it, head against base, both built and measured here. It ends with a FAIL and shows the
# component named, where its time and bytes went, the PR comment as Markdown and the report's path.
#
#   scripts/gate.sh demo [--patch check-per-record|copy-per-record|mapper-per-record] [--keep] [-D... for the gate]
#
# The patches (examples/orders-service/regressions/): check-per-record checks every byte of each
# record's JSON (CPU only, the default), copy-per-record copies each record once more (bytes),
# mapper-per-record builds a Jackson ObjectMapper per record. Needs what scripts/gate.sh --base
# needs (root or passwordless sudo for the sides' users); Node prints the comment when present.
# Runs in about 3 minutes on 2 cores. The results stay in target/demo-results of this checkout; the
# scratch repository is removed at the end unless --keep.
# Exit 0 when the gate failed the regression as it should, 1 when it did not, 2 on bad options.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
patch_name=check-per-record
keep=false
while [ $# -gt 0 ]; do
  case "$1" in
    --patch) patch_name=${2:?--patch needs a name: check-per-record, copy-per-record or mapper-per-record}; shift 2 ;;
    --keep) keep=true; shift ;;
    -h|--help) sed -n '2,/^set -uo pipefail/{/^set /d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    -D*) break ;;
    *) echo "demo: unknown argument $1 (scripts/gate.sh demo --help lists the options)" >&2; exit 2 ;;
  esac
done
patch_file=$root/examples/orders-service/regressions/$patch_name.patch
[ -f "$patch_file" ] || { echo "demo: no patch $patch_name (known: check-per-record, copy-per-record, mapper-per-record)" >&2; exit 2; }
# shellcheck source=scripts/provision.sh
. "$root/scripts/provision.sh"
provision java:openjdk-17-jdk-headless mvn:maven jq:jq git:git patch:patch || exit 3

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-demo-XXXXXX") || exit 3
chmod 755 "$work"   # the sides' users read the checkout
if [ "$keep" = false ]; then trap 'rm -rf "$work"' EXIT; fi
app=$work/orders
cp -R "$root/examples/orders-service" "$app"
git -C "$app" init -q -b main
git -C "$app" add -A
git -C "$app" -c user.name=demo -c user.email=demo@kpg.test commit -qm "orders: the example adopter (the base)"
(cd "$app" && patch -s -p1 < "$patch_file") || { echo "demo: $patch_name.patch does not apply" >&2; exit 1; }
echo "demo: $app: the example adopter at HEAD (the base), with $patch_name.patch in the working tree (the head)"
echo "demo: $(git -C "$app" diff --stat | tail -n 1)"

# One scenario, short windows: the demo shows the gate, it does not replace the PR suite's figures.
results=$root/target/demo-results
status=0
"$root/scripts/gate.sh" --module "$app" --base HEAD --results "$results" -Dperf.scenarios=orders-publish -Dperf.broker=process \
  -Dperf.broker.warmup=5 -Dperf.paired.blocks=2 -Dperf.paired.trial=2s -Dperf.paired.warmup=5 -Dperf.paired.settle=1 "$@" || status=$?
summary=$results/summary.json
echo
if [ "$status" != 1 ]; then
  echo "demo: the gate exited $status, not 1 (a confirmed regression): see above" >&2
  exit 1
fi
if command -v node >/dev/null; then
  comment=$work/comment.md
  : > "$comment"
  if GITHUB_STEP_SUMMARY=$comment INPUT_MODE=job-summary INPUT_SUMMARY=$summary node "$root/.github/actions/perf-comment/dist/index.js" >/dev/null; then
    echo
    echo "demo: the PR comment, as Markdown (the action posts it on the pull request):"
    echo
    cat "$comment"
  fi
fi
echo
echo "demo: the report: $results/report.html (the raw profiles: $results/components/*.jfr and *.collapsed)"
[ "$keep" = true ] && echo "demo: kept $work"
echo "demo: the gate failed $patch_name as it should"
exit 0
