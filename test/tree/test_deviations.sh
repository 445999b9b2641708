#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The deviations table (docs/deviations.md) against the tests: every row's
# id is read by at least one suite or the fuzz harness (dev_applies), and
# has a seed of its own in fuzz/corpus (dev-<id>, fuzz/make_seeds.py), so no
# row is documented without being exercised. The rows' release ranges are
# parsed by test/support/deviations.c in every suite that reads them.
# Usage: test_deviations.sh SOURCE_ROOT
set -eu
root=$1
. "$root/test/support/testlib.sh"
table=$root/docs/deviations.md
ids=$(sed -n 's/^| `\([a-z0-9-]*\)` |.*/\1/p' "$table")
[ -n "$ids" ] || bail "no rows in $table"
for id in $ids; do
    why=""
    if ! grep -l "dev_applies(\"$id\")\|\"$id\"" "$root"/test/*/*.c "$root"/fuzz/*.c |
        grep -qv '/deviations\.c$'; then
        why="no test reads it"
    fi
    if [ ! -s "$root/fuzz/corpus/dev-$id" ]; then
        why="${why:+$why; }no seed fuzz/corpus/dev-$id"
    fi
    if [ -z "$why" ]; then
        passed "row $id: read by a test and seeded"
    else
        failed "row $id" "$why"
    fi
done
summary
