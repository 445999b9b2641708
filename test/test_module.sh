#!/bin/sh
# The built module's ELF hygiene: only OSSL_provider_init is exported, no
# text relocations, a non-executable stack, and on x86_64 the CET property
# note (IBT + SHSTK) on every object we compile. The module itself keeps the
# note only if the C library's start files have it too (RHEL 9 yes, Debian 12
# no): the linker drops it otherwise, so that check follows the toolchain.
# Usage: test_module.sh MODULE CPU_FAMILY CC
set -u
module=$1 cpu=$2 cc=$3
builddir=$(dirname "$module")
pass=0 fail=0
check() {
    name=$1; shift
    if "$@"; then pass=$((pass + 1)); echo "ok   $name"
    else fail=$((fail + 1)); echo "FAIL $name"; fi
}

exports() {
    readelf --dyn-syms -W "$module" |
        awk '$7 != "UND" && $5 == "GLOBAL" && $4 != "NOTYPE" {print $8}' |
        sed 's/@.*//' | sort -u
}
only_init() { [ "$(exports)" = "OSSL_provider_init" ]; }
no_textrel() { ! readelf -d "$module" | grep -q TEXTREL; }
stack_not_exec() {
    readelf -lW "$module" | awk '/GNU_STACK/ {print $7}' | grep -qx 'RW'
}
has_cet() { readelf -n "$1" 2>/dev/null | grep -q 'x86 feature: IBT, SHSTK'; }
objects_cet() {
    n=0
    for o in "$builddir"/simd.so.p/*.o; do
        has_cet "$o" || { echo "     no IBT/SHSTK note: $o"; return 1; }
        n=$((n + 1))
    done
    # An archive: readelf prints one note block per member.
    members=$(ar t "$builddir/libsimdkernels.a" | wc -l)
    notes=$(readelf -n "$builddir/libsimdkernels.a" | grep -c 'x86 feature: IBT, SHSTK')
    [ "$members" -eq "$notes" ] || {
        echo "     libsimdkernels.a: $notes of $members members have the note"
        return 1
    }
    [ "$n" -gt 0 ]
}

check "exports only OSSL_provider_init (got: $(exports | tr '\n' ' '))" only_init
check "no text relocations" no_textrel
check "stack is not executable" stack_not_exec
if [ "$cpu" = x86_64 ]; then
    check "IBT and SHSTK note on every object" objects_cet
    crti=$($cc -print-file-name=crti.o)
    if has_cet "$crti"; then
        check "IBT and SHSTK note on the module" has_cet "$module"
    else
        echo "skip module IBT/SHSTK note: $crti has none (C library not CET-built)"
    fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
