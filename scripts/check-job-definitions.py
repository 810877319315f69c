#!/usr/bin/env python3
"""Checks the AWS Batch and Google Cloud Batch examples under docs/ with their services' own
schema readers (test-only peers from PyPI, never in the product): botocore's ParamValidator
against the Batch API's RegisterJobDefinition input shape, and google-cloud-batch's
batch_v1.Job (protobuf's JSON parser refuses an unknown field or a wrong type). Then the rules
sharding relies on: the command shards by --shard auto, resumes with --skip-existing, asks
--jobs for the CPUs it requests, and writes under a mounted volume.

    python3 scripts/check-job-definitions.py docs/aws-batch-job.json docs/cloud-batch-job.json

Prints one line per problem and exits 1, or "ok" and 0."""
import json
import re
import sys


def aws(document):
    import botocore.session
    from botocore.validate import ParamValidator

    model = botocore.session.get_session().get_service_model("batch")
    shape = model.operation_model("RegisterJobDefinition").input_shape
    report = ParamValidator().validate(document, shape)
    found = [f"aws: {line.strip()}" for line in report.generate_report().splitlines()] if report.has_errors() else []
    found += [f"aws: {problem}" for problem in enums(document, shape, "")]
    container = document.get("containerProperties") or {}
    command = container.get("command") or []
    vcpus = [r.get("value") for r in container.get("resourceRequirements") or [] if r.get("type") == "VCPU"]
    mounts = [m.get("containerPath", "") for m in container.get("mountPoints") or []]
    return found + [f"aws: {problem}" for problem in rules(command, vcpus[0] if vcpus else None, mounts)]


def enums(value, shape, path):
    """The values outside their shape's enum (botocore's validator checks types, not these)."""
    if shape.type_name == "structure" and isinstance(value, dict):
        return [p for key, item in value.items() if key in shape.members for p in enums(item, shape.members[key], f"{path}.{key}")]
    if shape.type_name == "list" and isinstance(value, list):
        return [p for index, item in enumerate(value) for p in enums(item, shape.member, f"{path}[{index}]")]
    if shape.type_name == "map" and isinstance(value, dict):
        return [p for key, item in value.items() for p in enums(item, shape.value, f"{path}.{key}")]
    if getattr(shape, "enum", None) and value not in shape.enum:
        return [f"{path[1:]} is {value!r}, not one of {', '.join(shape.enum)}"]
    return []


def google(text):
    from google.cloud import batch_v1

    try:
        job = batch_v1.Job.from_json(text)
    except Exception as error:  # the parser's own message names the field
        return [f"cloud batch: not a batch_v1.Job: {str(error).splitlines()[0]}"]
    found = []
    if len(job.task_groups) != 1:
        return ["cloud batch: one task group"]
    group = job.task_groups[0]
    if group.task_count < 1:
        found.append("cloud batch: taskCount must be at least 1")
    runnables = [r for r in group.task_spec.runnables if r.container.image_uri]
    if len(runnables) != 1:
        return found + ["cloud batch: one container runnable"]
    command = list(runnables[0].container.commands)
    cpus = str(group.task_spec.compute_resource.cpu_milli // 1000)
    mounts = [volume.mount_path for volume in group.task_spec.volumes]
    return found + [f"cloud batch: {problem}" for problem in rules(command, cpus, mounts)]


def rules(command, cpus, mounts):
    found = []
    line = " ".join(command)
    if not command or command[0] != "batch":
        found.append("the command is wordfit's (the image's entrypoint): it starts with batch")
    if not re.search(r"--shard auto\b", line):
        found.append("the command must shard by --shard auto")
    if "--skip-existing" not in command:
        found.append("--skip-existing lets a retried task resume")
    jobs = re.search(r"--jobs (\d+)", line)
    if jobs and cpus is not None and str(cpus) != jobs.group(1):
        found.append(f"the CPUs requested ({cpus}) should equal --jobs {jobs.group(1)}")
    for option in ("--out", "--manifest"):
        if option in command:
            path = command[command.index(option) + 1]
            if not any(path.startswith(mount.rstrip("/") + "/") for mount in mounts):
                found.append(f"{option} {path} is not under a mounted volume")
    return found


def main():
    found = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        found += aws(json.loads(text)) if "jobDefinitionName" in text else google(text)
    for problem in found:
        print(problem)
    if not found:
        print("ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
