#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Constant time under qemu-user: ct_trace's control-flow check with qemu's
exec log as the trace (test/ct/ct_trace.c says what is checked).

ct_trace --plan (under qemu, a fixed reserved address space so every run
maps the same) prints simd's code ranges, the region markers and the case
list; ct_trace --marks then runs the cases under
`-one-insn-per-tb -d exec,nochain -dfilter RANGES`, which logs every
executed instruction inside those ranges. The log is cut at the markers
into one address sequence per case and secret variant, and the variants of
a case must match; the mutants must not.

Usage: ct_trace_qemu.py QEMU SYSROOT MODEL CT_TRACE [--short]
The environment (OPENSSL_MODULES, SIMDPROV_*) passes through to ct_trace.
Prints one summary line; exits 0 when every case matched and every mutant
was caught, 1 otherwise, 2 on a usage or set-up error.
"""
import os
import re
import subprocess
import sys
import tempfile

TRACE = re.compile(rb"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")


def qemu_cmd(qemu, sysroot, extra, prog, args):
    return [qemu, "-R", "0x100000000", "-L", sysroot] + extra + [prog] + args


def read_plan(text):
    plan = {"ranges": [], "cases": []}
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key == "arch":
            plan["arch"] = rest
        elif key == "coverage":
            traced, tables, runnable, skipped = rest.split(" ", 3)
            plan["coverage"] = (int(traced), int(tables), int(runnable),
                                "" if skipped == "-" else skipped)
        elif key == "range":
            what, lo, hi = rest.split()
            plan["ranges"].append((what, int(lo, 16), int(hi, 16)))
        elif key == "markers":
            begin, end = rest.split()
            plan["markers"] = (int(begin, 16), int(end, 16))
        elif key == "variants":
            plan["variants"] = int(rest)
        elif key == "case":
            kind, _, name = rest.partition("|")
            plan["cases"].append((kind, name))
    return plan


def segments(log_path, begin, end):
    """The address sequences between each begin and the next end marker."""
    out, cur = [], None
    with open(log_path, "rb") as f:
        for line in f:
            m = TRACE.match(line)
            if m is None:
                continue
            pc = int(m.group(1), 16)
            if pc == begin:
                cur = []
            elif pc == end:
                if cur is not None:
                    out.append(cur)
                cur = None
            elif cur is not None:
                cur.append(pc)
    return out


def where(plan, pc):
    for what, lo, hi in plan["ranges"]:
        if lo <= pc < hi:
            return "%s+%#x" % (what, pc - lo)
    return "%#x" % pc


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if len(args) != 4 or any(f != "--short" for f in flags):
        sys.stderr.write(__doc__)
        return 2
    qemu, sysroot, model, prog = args
    env = dict(os.environ, QEMU_CPU=model)
    planned = subprocess.run(
        qemu_cmd(qemu, sysroot, [], prog, ["--plan"] + flags), env=env,
        capture_output=True)
    if planned.returncode != 0:
        sys.stderr.write(planned.stderr.decode(errors="replace"))
        print("ct-trace: %s: ct_trace --plan failed" % model)
        return 2
    plan = read_plan(planned.stdout.decode())
    dfilter = ",".join("%#x+%#x" % (lo, hi - lo)
                       for _, lo, hi in plan["ranges"])
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "exec.log")
        traced = subprocess.run(
            qemu_cmd(qemu, sysroot,
                     ["-one-insn-per-tb", "-d", "exec,nochain", "-dfilter",
                      dfilter, "-D", log], prog, ["--marks"] + flags),
            env=env, capture_output=True)
        if traced.returncode != 0:
            sys.stderr.write(traced.stderr.decode(errors="replace"))
            print("ct-trace: %s: ct_trace --marks failed" % model)
            return 1
        if read_plan(traced.stdout.decode())["ranges"] != plan["ranges"]:
            print("ct-trace: %s: the code moved between the runs" % model)
            return 2
        segs = segments(log, *plan["markers"])
    nv, cases = plan["variants"], plan["cases"]
    if len(segs) != nv * len(cases):
        print("ct-trace: %s: %d regions in the log, %d expected"
              % (model, len(segs), nv * len(cases)))
        return 1
    failed = 0
    kernels = glue = mutants = caught = compared = 0
    for i, (kind, name) in enumerate(cases):
        seq = segs[i * nv:(i + 1) * nv]
        compared += sum(len(s) for s in seq)
        differ = [v for v in range(1, nv) if seq[v] != seq[0]]
        if not seq[0]:
            print("EMPTY %s: nothing traced" % name)
            failed = 1
        if kind == "mutant":
            mutants += 1
            caught += bool(differ)
            if not differ:
                print("MISSED %s: every variant took the same path" % name)
            continue
        kernels += kind == "kernel"
        glue += kind == "glue"
        if differ:
            v = differ[0]
            d = next((j for j, (a, b) in enumerate(zip(seq[0], seq[v]))
                      if a != b), min(len(seq[0]), len(seq[v])))
            a = where(plan, seq[0][d]) if d < len(seq[0]) else "end"
            b = where(plan, seq[v][d]) if d < len(seq[v]) else "end"
            print("DIFFER %s: variant 0 and %d part at step %d of %d/%d: "
                  "%s against %s" % (name, v, d, len(seq[0]), len(seq[v]),
                                     a, b))
            failed = 1
    traced_k, tables, runnable, skipped = plan["coverage"]
    failed |= traced_k != runnable
    print("ct-trace: %s on %s, qemu exec log: %d of %d table kernels "
          "(%d runnable here%s), %d kernel cases and %d glue operations x %d "
          "secret variants, %d addresses compared: %s; mutants caught %d/%d"
          % (plan["arch"], model, traced_k, tables, runnable,
             "; not on this CPU: " + skipped if skipped else "", kernels,
             glue, nv, compared,
             "FAILED" if failed else "control flow identical", caught,
             mutants))
    return 1 if failed or caught != mutants else 0


if __name__ == "__main__":
    sys.exit(main())
