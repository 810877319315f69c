#!/usr/bin/env python3
"""Checks a Kubernetes Indexed Job manifest's fields against the batch/v1 Job schema's rules
that matter for sharding (kubectl --dry-run=client is not available here): the kind and API
version, completionMode Indexed, completions = parallelism = the command's --shard-count with
--shard auto (Kubernetes does not put the count in the environment),
a restart policy a Job allows, every volume mount naming a declared volume, the container's
CPU request matching --jobs, and --skip-existing so a retried pod resumes.

    python3 scripts/check-indexed-job.py docs/kubernetes-indexed-job.yaml

Prints one line per problem and exits 1, or "ok" and 0."""
import re
import sys

import yaml


def problems(document):
    found = []

    def need(condition, message):
        if not condition:
            found.append(message)

    need(document.get("apiVersion") == "batch/v1", "apiVersion must be batch/v1")
    need(document.get("kind") == "Job", "kind must be Job")
    spec = document.get("spec") or {}
    need(spec.get("completionMode") == "Indexed", "spec.completionMode must be Indexed")
    completions = spec.get("completions")
    need(isinstance(completions, int) and completions >= 1, "spec.completions must be a positive integer")
    need(spec.get("parallelism", completions) == completions, "spec.parallelism should equal spec.completions")
    need(isinstance(spec.get("backoffLimit", 6), int), "spec.backoffLimit must be an integer")
    pod = (spec.get("template") or {}).get("spec") or {}
    need(pod.get("restartPolicy") in ("OnFailure", "Never"), "a Job's restartPolicy is OnFailure or Never")
    containers = pod.get("containers") or []
    need(len(containers) == 1, "one container")
    volumes = {volume.get("name") for volume in pod.get("volumes") or []}
    for container in containers:
        need(bool(container.get("image")), "the container needs an image")
        need("command" not in container, "the image's entrypoint is wordfit: give args, not command")
        command = " ".join(str(word) for word in container.get("args", []))
        need(re.search(r"--shard auto\b", command) is not None, "the args must shard by --shard auto")
        shard = re.search(r"--shard-count (\d+)", command)
        need(shard is not None, "--shard-count N: a Job's completions are not in the environment")
        if shard and isinstance(completions, int):
            need(int(shard.group(1)) == completions, f"--shard-count {shard.group(1)} differs from completions {completions}")
        need("--skip-existing" in command, "--skip-existing lets a retried pod resume")
        jobs = re.search(r"--jobs (\d+)", command)
        cpu = str(((container.get("resources") or {}).get("requests") or {}).get("cpu", ""))
        if jobs:
            need(cpu == jobs.group(1), f"requests.cpu {cpu!r} should equal --jobs {jobs.group(1)}")
        for mount in container.get("volumeMounts") or []:
            need(mount.get("name") in volumes, f"volumeMount {mount.get('name')!r} names no volume")
            need(str(mount.get("mountPath", "")).startswith("/"), "mountPath must be absolute")
    return found


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        found = problems(yaml.safe_load(handle))
    for problem in found:
        print(problem)
    if not found:
        print("ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
