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
table=$root/docs/deviations.md
ids=$(sed -n 's/^| `\([a-z0-9-]*\)` |.*/\1/p' "$table")
[ -n "$ids" ] || { echo "no rows in $table"; exit 1; }
bad=0
for id in $ids; do
    if ! grep -l "dev_applies(\"$id\")\|\"$id\"" "$root"/test/*/*.c "$root"/fuzz/*.c |
        grep -qv '/deviations\.c$'; then
        echo "row $id: no test reads it"
        bad=1
    fi
    if [ ! -s "$root/fuzz/corpus/dev-$id" ]; then
        echo "row $id: no seed fuzz/corpus/dev-$id"
        bad=1
    fi
done
n=$(printf '%s\n' $ids | wc -l)
[ "$bad" = 0 ] && echo "deviations: $n rows, each read by a test and seeded"
exit "$bad"
