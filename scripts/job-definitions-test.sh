#!/usr/bin/env bash
# The AWS Batch and Google Cloud Batch examples under docs/ read by their services' own schema
# readers (botocore and google-cloud-batch from PyPI, in a virtual environment under .build,
# never in the product): scripts/check-job-definitions.py passes the examples and fails broken
# copies with the problems named. (The Kubernetes example is checked by the Swift tests, and
# each example's command is run per task by ShardingExamplesTests.) Run by scripts/test.sh
# (~3 s, plus the install once, ~15 s).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$PWD/.build/jobs-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q 'botocore==1.40.18' 'google-cloud-batch==0.17.37'
check() { "$venv/bin/python" scripts/check-job-definitions.py "$@"; }
[ "$(check docs/aws-batch-job.json docs/cloud-batch-job.json)" = ok ] || {
  check docs/aws-batch-job.json docs/cloud-batch-job.json >&2
  exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -e 's/"VCPU"/"VCPUS"/' -e 's/"--skip-existing",//' -e 's/"attempts": 3/"attempts": "3"/' \
  docs/aws-batch-job.json >"$work/aws.json"
sed -e 's/"taskCount"/"taskCounts"/' docs/cloud-batch-job.json >"$work/cloud1.json"
sed -e 's/"--shard", "auto",//' -e 's/"cpuMilli": "2000"/"cpuMilli": "4000"/' docs/cloud-batch-job.json >"$work/cloud2.json"
found=$(check "$work/aws.json" "$work/cloud1.json" "$work/cloud2.json" || true)
for expected in "retryStrategy.attempts" "resourceRequirements[0].type is 'VCPUS'" \
  "aws: --skip-existing lets a retried task resume" "no field named \"taskCounts\"" \
  "cloud batch: the command must shard by --shard auto" "the CPUs requested (4) should equal --jobs 2"; do
  grep -qF "$expected" <<<"$found" || {
    printf 'job-definitions-test: a broken copy was not refused for %s; the checker said:\n%s\n' "$expected" "$found" >&2
    exit 1
  }
done
echo "job-definitions-test: the AWS Batch and Cloud Batch examples pass their schema readers; 6 planted faults refused"
