#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# What the tree promises a reader, checked: every source, script and build
# file carries its SPDX license line; the README stays a five-minute read;
# the documents and comments describe the code, not how it was developed
# (no work-step or ticket numbers of the project's own; upstream references
# such as openssl#32752 are fine).
# Usage: test_tree.sh SOURCE_ROOT
set -eu
root=$1
cd "$root"
. test/support/testlib.sh
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    list() { git ls-files; }
else # an exported tree: every file
    list() { find . -type f ! -path './build*' | sed 's|^\./||'; }
fi
sources=$(list | grep -E '\.(c|h|S|inc|sh|py|in|ini|cnf|map)$|(^|/)meson\.build$|^meson_options\.txt$|^\.ci/run$|debian/rules$' |
    grep -v '^test/support/data/')
n=$(printf '%s\n' $sources | wc -l)
# One awk over every file's first 3 lines (a process per file is slow on a
# loaded machine).
nospdx=$(awk 'FNR == 1 { if (NR > 1 && !ok) print f; ok = 0; f = FILENAME }
              /SPDX-License-Identifier: Apache-2.0/ { ok = 1 }
              FNR >= 3 { nextfile }
              END { if (NR > 0 && !ok) print f }' $sources | tr '\n' ' ')
if [ -z "$nospdx" ]; then
    passed "$n source files with an SPDX line in their first 3 lines"
else
    failed "every source file has an SPDX line in its first 3 lines" \
        "without: $nospdx"
fi
if [ -s LICENSE ]; then passed "LICENSE"; else failed "LICENSE"; fi

lines=$(wc -l <README.md)
if [ "$lines" -le 200 ]; then
    passed "README.md has $lines lines (at most 200)"
else
    failed "README.md has $lines lines (at most 200)"
fi

# Words about the process, in any text file of the project's own.
texts=$(list | grep -vE '^(test/support/data|fuzz/corpus)/|^LICENSE$|\.(json|svg)$')
hits=$(grep -nIiE '\b(stop|issue)s? #?[0-9]+\b|\b(this|that|an earlier|the earlier|previous|next|a later|helper) sessions?\b|\bhelper (session|worktree|branch)' $texts |
    grep -viE 'openssl(/openssl)?#|openssl issue' || true)
if [ -z "$hits" ]; then
    passed "no words about how the tree was developed"
else
    failed "no words about how the tree was developed"
    printf '%s\n' "$hits" | diag
fi
summary
