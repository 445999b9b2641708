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
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    list() { git ls-files; }
else # an exported tree: every file
    list() { find . -type f ! -path './build*' | sed 's|^\./||'; }
fi
bad=0

sources=$(list | grep -E '\.(c|h|S|inc|sh|py|in|ini|cnf|map)$|(^|/)meson\.build$|^meson_options\.txt$|^\.ci/run$|debian/rules$' |
    grep -v '^test/support/data/')
n=0
for f in $sources; do
    n=$((n + 1))
    head -n 3 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || {
        echo "no SPDX line in the first 3 lines: $f"; bad=1; }
done
[ -s LICENSE ] || { echo "LICENSE missing"; bad=1; }

lines=$(wc -l <README.md)
[ "$lines" -le 200 ] || { echo "README.md has $lines lines (at most 200)"; bad=1; }

# Words about the process, in any text file of the project's own.
texts=$(list | grep -vE '^(test/support/data|fuzz/corpus)/|^LICENSE$|\.(json|svg)$')
hits=$(grep -nIiE '\b(stop|issue)s? #?[0-9]+\b|\b(this|that|an earlier|the earlier|previous|next|a later|helper) sessions?\b|\bhelper (session|worktree|branch)' $texts |
    grep -viE 'openssl(/openssl)?#|openssl issue' || true)
if [ -n "$hits" ]; then
    printf '%s\n' "$hits" | sed 's/^/process words: /'
    bad=1
fi
[ "$bad" = 0 ] && echo "tree: $n source files with SPDX lines, README $lines lines, no process words"
exit "$bad"
