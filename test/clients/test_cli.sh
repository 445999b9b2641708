#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The openssl command line with simd: simdprov.cnf routes ChaCha20 and MD5 to
# simd, outputs agree with the default provider, and `openssl speed` runs;
# `openssl mac` POLY1305 on simd agrees with default.
# Usage: test_cli.sh OPENSSL SIMDPROV_CNF FETCH_CHECK   (OPENSSL_MODULES set)
set -u
openssl=$1 cnf=$2 fetch_check=$3
. "$(dirname "$0")/../support/testlib.sh"
work_dir

# A config with simd alone: whatever works under it, simd served.
cat >"$work/simd-only.cnf" <<CNF
openssl_conf = init
[init]
providers = provs
[provs]
simd = simd_sect
[simd_sect]
module = simd.so
activate = 1
CNF

head -c 100003 /dev/urandom >"$work/plain"
key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
iv=fdffffff000000000000004a00000000 # counter wraps inside the message

enc() { # config, output file
    OPENSSL_CONF=$1 "$openssl" enc -chacha20 -K $key -iv $iv \
        -in "$work/plain" -out "$2"
}
md5() { # config, then extra openssl arguments
    conf=$1; shift
    OPENSSL_CONF=$conf "$openssl" dgst "$@" -md5 -r "$work/plain"
}
speed() { # algorithm: simd must serve it (propquery), default gives the key
    OPENSSL_CONF=/dev/null "$openssl" speed -provider simd -provider default \
        -propquery provider=simd -seconds 1 -bytes 1024 -evp "$1" 2>&1 |
        grep -qi "^$1 "
}

listed_active() {
    OPENSSL_CONF=$cnf "$openssl" list -providers -verbose |
        grep -A4 '^  simd' | grep -q 'status: active'
}
enc_conf() { enc "$cnf" "$work/a" && enc /dev/null "$work/b" && cmp "$work/a" "$work/b"; }
enc_alone() { enc "$work/simd-only.cnf" "$work/c" && cmp "$work/c" "$work/b"; }
md5_conf() { [ "$(md5 "$cnf")" = "$(md5 /dev/null)" ]; }
md5_propq() {
    [ "$(md5 /dev/null -provider simd -provider default -propquery provider=simd)" = "$(md5 /dev/null)" ]
}
md5_alone() { [ "$(md5 "$work/simd-only.cnf")" = "$(md5 /dev/null)" ]; }
# POLY1305 through `openssl mac`: simd by propquery against default; the same
# query with simd not loaded must fail, or the query was not what selected.
mac() { # providers to load
    OPENSSL_CONF=/dev/null "$openssl" mac "$@" -macopt hexkey:$key \
        -in "$work/plain" POLY1305
}
mac_propq() {
    tag=$(mac -provider simd -provider default -propquery provider=simd) &&
        [ "$tag" = "$(mac -provider default)" ] &&
        ! mac -provider default -propquery provider=simd
}
fetch_null() {
    OPENSSL_CONF=$cnf "$fetch_check" | grep -qx 'ChaCha20=simd MD5=simd SHA256=default'
}

check "simd is listed active via simdprov.cnf" listed_active
check "enc -chacha20: simdprov.cnf == default" enc_conf
check "enc -chacha20 with simd alone == default" enc_alone
check "dgst -md5: simdprov.cnf == default" md5_conf
check "dgst -md5 -propquery provider=simd == default" md5_propq
check "dgst -md5 with simd alone == default" md5_alone
check "NULL-propquery fetch under simdprov.cnf picks simd" fetch_null
check "mac POLY1305 -propquery provider=simd == default" mac_propq
check "speed -evp chacha20 runs on simd" speed chacha20
check "speed -evp md5 runs on simd" speed md5

summary
