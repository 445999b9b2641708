#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The built module's ELF hygiene: only OSSL_provider_init is exported, it
# needs the C library alone (no DT_NEEDED on libcrypto, no undefined symbol
# outside libc/ld.so: everything from OpenSSL comes through the core's
# dispatch table, so the module loads into a static libcrypto and into
# Python's RTLD_LOCAL one), no text relocations, a non-executable stack, and the control-flow property
# note on every object we compile: on x86_64 CET (IBT + SHSTK), on aarch64
# BTI + PAC. The module itself keeps the note only if the C library's start
# files have it too (RHEL 9 yes, Debian 12 no): the linker drops it
# otherwise. On x86_64 the link states it anyway and drops the start files'
# DT_INIT/DT_FINI (see meson.build); elsewhere that check follows the
# toolchain.
# Usage: test_module.sh MODULE CPU_FAMILY "CC [ARGS...]" [SANITIZE]
#        (the compiler command, with its --target/--sysroot, so crti.o is the
#        target's; SANITIZE is meson's b_sanitize: a sanitizer build needs
#        its runtime, whose interceptors also leave libc names unversioned,
#        so there only OpenSSL's names are refused)
set -u
module=$1 cpu=$2 cc=$3 sanitize=${4:-none}
builddir=$(dirname "$module")
. "$(dirname "$0")/../support/testlib.sh"
work_dir

exports() {
    # ppc64le (ELFv2) symbols carry a "[<localentry>: 8]" note in the
    # visibility column, which would shift the fields awk reads.
    readelf --dyn-syms -W "$module" | sed 's/\[<localentry>: [0-9]*\] //' |
        awk '$7 != "UND" && $5 == "GLOBAL" && $4 != "NOTYPE" {print $8}' |
        sed 's/@.*//' | sort -u
}
only_init() { [ "$(exports)" = "OSSL_provider_init" ]; }
needed() {
    readelf -dW "$module" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p' | tr '\n' ' '
}
no_libcrypto_needed() { ! needed | grep -q 'libcrypto'; }
only_libc_needed() {
    for lib in $(needed); do
        case $sanitize:$lib in
            *:libc.so.* | *:ld-*.so* | *:ld.so* | *:ld64.so*) ;;
            none:*) return 1 ;;
            *:lib[a-z]san.so.* | *:libubsan.so.* | *:libhwasan.so.*) ;;
            *) return 1 ;;
        esac
    done
}
# Undefined dynamic symbols that libc/ld.so do not provide: every one must
# carry a GLIBC_* version (glibc's and ld.so's symbols all do); weak
# unversioned ones are the toolchain's optional hooks (__gmon_start__,
# _ITM_*), which resolve to nothing when absent. Same ppc64le note as above.
foreign_undefined() {
    readelf --dyn-syms -W "$module" | sed 's/\[<localentry>: [0-9]*\] //' |
        awk -v san="$sanitize" '$7 == "UND" && $8 != "" {
                 ver = ""; name = $8
                 if (index(name, "@") > 0) {
                     ver = substr(name, index(name, "@") + 1); sub(/^@/, "", ver)
                     name = substr(name, 1, index(name, "@") - 1)
                 }
                 if (ver ~ /^GLIBC_/) next
                 if (san != "none" && ver == "" &&
                     name !~ /^(OSSL_|OPENSSL_|CRYPTO_|ERR_|EVP_|BIO_|BN_|ossl_)/) next
                 if (ver == "" && $5 == "WEAK") next
                 print $8
             }' | tr '\n' ' '
}
no_foreign_undefined() { [ -z "$(foreign_undefined)" ]; }
no_textrel() { ! readelf -d "$module" | grep -q TEXTREL; }
stack_not_exec() {
    readelf -lW "$module" | awk '/GNU_STACK/ {print $7}' | grep -qx 'RW'
}
no_init_fini() { ! readelf -d "$module" | grep -qE '\((INIT|FINI)\)'; }
# The note each architecture's objects must carry (readelf -n wording).
case $cpu in
    x86_64) note='x86 feature: IBT, SHSTK' ;;
    aarch64) note='AArch64 feature: BTI, PAC' ;;
    *) note='' ;;
esac
has_note() { readelf -n "$1" 2>/dev/null | grep -q "$note"; }
objects_note() {
    n=0
    for o in "$builddir"/simd.so.p/*.o; do
        has_note "$o" || { echo "no '$note' note: $o"; return 1; }
        n=$((n + 1))
    done
    # An archive: readelf prints one note block per member. A missing or
    # empty archive must fail, not compare 0 members with 0 notes.
    members=$(ar t "$builddir/libsimdkernels.a" | wc -l)
    [ "$members" -gt 0 ] || {
        echo "no members in $builddir/libsimdkernels.a"
        return 1
    }
    notes=$(readelf -n "$builddir/libsimdkernels.a" | grep -c "$note")
    [ "$members" -eq "$notes" ] || {
        echo "libsimdkernels.a: $notes of $members members have the note"
        return 1
    }
    [ "$n" -gt 0 ]
}

check "exports only OSSL_provider_init (got: $(exports | tr '\n' ' '))" only_init
check "no DT_NEEDED on libcrypto (needs: $(needed))" no_libcrypto_needed
check "DT_NEEDED only libc/ld.so" only_libc_needed
check "no undefined symbol outside libc/ld.so (foreign: $(foreign_undefined))" no_foreign_undefined
check "no text relocations" no_textrel
check "stack is not executable" stack_not_exec
if [ -n "$note" ]; then
    check "'$note' note on every object" objects_note
    # shellcheck disable=SC2086 # $cc is a command with arguments
    crti=$($cc -print-file-name=crti.o)
    if has_note "$crti"; then
        check "'$note' note on the module" has_note "$module"
    elif [ "$cpu" = x86_64 ]; then
        # meson.build states IBT/SHSTK itself and drops DT_INIT/DT_FINI,
        # whose code (from that crti.o) has no landing pads.
        check "'$note' note on the module, stated by the link" has_note "$module"
        check "no DT_INIT/DT_FINI reaching crti.o code" no_init_fini
    else
        skipped "'$note' note on the module" "$crti has none (C library not built with it)"
    fi
fi
summary
