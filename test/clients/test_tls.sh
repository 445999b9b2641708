#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Real TLS clients on simd: openssl s_server and s_client on 127.0.0.1, TLS 1.3
# TLS_CHACHA20_POLY1305_SHA256 and TLS 1.2 ECDHE-RSA-CHACHA20-POLY1305, a
# throwaway certificate, SIMDPROV_TLS_MB (default 32) MB each way with the
# checksums of what was sent and received compared: both ends through
# simdprov.cnf, then one end on plain default (interop, both directions).
# Uprobes on simd.so's ChaCha20-Poly1305 functions prove simd sealed and
# opened the records (uprobes.sh): each simd end must call them at least
# once per record, each default end never. Last, `openssl speed -evp
# chacha20-poly1305` on simd prints its table. Without root or perf the
# proof is skipped (said so); SIMDPROV_REQUIRE_UPROBES=1 makes that a failure.
# Usage: test_tls.sh OPENSSL SIMDPROV_CNF SIMD_SO   (OPENSSL_MODULES set)
set -u
openssl=$1 cnf=$2 module=$3
. "$(dirname "$0")/../support/testlib.sh"
. "$(dirname "$0")/../support/uprobes.sh"
mb=${SIMDPROV_TLS_MB:-32}
skip=0 check_ms=1

work_dir
stop_server() {
    if [ -s "$work/srv.pid" ]; then
        kill "$(cat "$work/srv.pid")" 2>/dev/null
    fi
}
at_exit stop_server

# simd's ChaCha20-Poly1305 entry points (uprobes.sh names them).
missing_funcs=$(uprobe_missing "$module" $UPROBE_AEAD_FUNCS)

served_by_simd() {
    OPENSSL_CONF=$cnf "$openssl" list -cipher-algorithms |
        grep -qi '^ *ChaCha20-Poly1305 @ simd$'
}
# A tree with the AEAD's source must serve it (SIMDPROV_SOURCE_ROOT: meson's
# test environment); before it had one, the transfers ran on default.
aead_src=${SIMDPROV_SOURCE_ROOT:-/nonexistent}/provider/cipher_chacha20_poly1305.c
simd_aead=0
if served_by_simd; then
    simd_aead=1
elif [ -e "$aead_src" ]; then
    failed "simd serves ChaCha20-Poly1305 under $cnf (the tree has $aead_src)"
else
    skipped "simd serves ChaCha20-Poly1305" "no $aead_src: the transfers run on default, the proof and speed checks are skipped"
fi

if [ $simd_aead = 1 ]; then
    if [ -n "$missing_funcs" ]; then
        failed "$module has the symbols to probe" "missing: $missing_funcs"
    else
        uprobes_start "proof that simd served the records" "$module" $UPROBE_AEAD_FUNCS || :
    fi
fi

OPENSSL_CONF=/dev/null "$openssl" req -x509 -newkey rsa:2048 -nodes \
    -keyout "$work/key.pem" -out "$work/cert.pem" -subj /CN=localhost \
    -days 1 >"$work/req.log" 2>&1 || { diag <"$work/req.log"; bail "openssl req"; }
head -c $((mb << 20)) /dev/urandom >"$work/data"
sent=$(sha256sum <"$work/data")
# An open FIFO never reads EOF: stdin for the end that only receives (a
# quiet s_server closes the connection at EOF on stdin; s_client with
# -ign_eof would spin on it).
mkfifo "$work/idle"

# The TCP port process $1 listens on, once it does (none if it exits).
listen_port() {
    pid=$1 tries=0
    while [ $tries -lt 400 ] && [ -d "/proc/$pid" ]; do
        inodes=$(ls -l "/proc/$pid/fd" 2>/dev/null |
            sed -n 's/.*socket:\[\([0-9]*\)\]$/\1/p' | tr '\n' ' ')
        port=$(awk -v i=" $inodes " '$4 == "0A" && index(i, " " $10 " ") {
            split($2, a, ":"); print a[2]; exit }' /proc/net/tcp)
        if [ -n "$port" ]; then
            echo $((0x$port))
            return 0
        fi
        sleep 0.05
        tries=$((tries + 1))
    done
    return 1
}

# Waits up to 30 s for process $1 to exit.
await_exit() {
    tries=0
    while [ -d "/proc/$1" ] && [ $tries -lt 600 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
    [ ! -d "/proc/$1" ]
}

# simd's calls in one end: at least one per record when it is on simd
# (every record is sealed or opened by one update at least), none on default.
end_count() { # end name, its config, stat file
    n=$(uprobe_count "$3")
    note " $1=$n"
    if [ "$2" = "$cnf" ]; then
        if ! calls_at_least "$n" $(((mb << 20) / 16384)); then
            echo "$1 on simdprov.cnf made $n calls into simd's ChaCha20-Poly1305 for $mb MB (want >= one per 16 KiB record)"
            return 1
        fi
    elif ! calls_none "$n"; then
        echo "$1 on default made $n calls into simd"
        return 1
    fi
}

# One connection: PROTO (3 = TLS 1.3, 2 = TLS 1.2), DIR (up = client to server, down = server
# to client), the server's and the client's OPENSSL_CONF.
transfer() {
    proto=$1 dir=$2 sconf=$3 cconf=$4
    if [ "$proto" = 3 ]; then
        set -- -tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256
        want="Ciphersuite: TLS_CHACHA20_POLY1305_SHA256"
    else
        set -- -tls1_2 -cipher ECDHE-RSA-CHACHA20-POLY1305
        want="Ciphersuite: ECDHE-RSA-CHACHA20-POLY1305"
    fi
    # The client's stdin on fd 4: the data, or (down) the open FIFO with one
    # line in it: after the handshake s_server can block reading its socket
    # until the client sends something (about 1 run in 8 stalled without).
    exec 3<>"$work/idle"
    if [ "$dir" = up ]; then
        sin="$work/idle" recv="$work/srv.out"
        copt=-nocommands # stdin is data, not commands; EOF closes
        exec 4<"$work/data"
    else
        sin="$work/data" recv="$work/cli.out"
        copt=-ign_eof # until the server closes after its stdin's EOF
        printf 'go\n' >&3
        exec 4<&3
    fi
    rm -f "$work/srv.pid" "$work/srv.out" "$work/cli.out"
    # The pid written is s_server's own (sh execs it) for listen_port.
    OPENSSL_CONF=$sconf counted "$work/srv.stat" \
        sh -c 'echo $$ >"$0"; exec "$@"' "$work/srv.pid" \
        "$openssl" s_server -accept 127.0.0.1:0 -naccept 1 -quiet \
        -cert "$work/cert.pem" -key "$work/key.pem" "$@" \
        <>"$sin" >"$work/srv.out" 2>"$work/srv.err" &
    spid=$!
    tries=0
    while [ ! -s "$work/srv.pid" ] && [ $tries -lt 200 ]; do
        sleep 0.05; tries=$((tries + 1))
    done
    if ! port=$(listen_port "$(cat "$work/srv.pid" 2>/dev/null)"); then
        echo "s_server did not listen"; cat "$work/srv.err"
        kill $spid 2>/dev/null
        exec 3>&- 4<&-
        return 1
    fi
    OPENSSL_CONF=$cconf counted "$work/cli.stat" timeout 60 \
        "$openssl" s_client -connect "127.0.0.1:$port" -brief $copt "$@" \
        <&4 >"$work/cli.out" 2>"$work/cli.err"
    crc=$?
    exec 3>&- 4<&-
    if ! await_exit $spid; then
        echo "s_server still running 30 s after the client left"
        return 1
    fi
    wait $spid
    src=$?
    rm -f "$work/srv.pid"
    status=0
    if [ $crc -ne 0 ] || [ $src -ne 0 ]; then
        echo "s_client exit $crc, s_server exit $src"; status=1
    fi
    if ! grep -q "^$want\$" "$work/cli.err"; then
        echo "not negotiated: $want"; status=1
    fi
    got=$(sha256sum <"$recv")
    if [ "$got" != "$sent" ]; then
        echo "received $(wc -c <"$recv") bytes, checksum differs"; status=1
    fi
    [ $status -eq 0 ] || { sed 's/^/s_server: /' "$work/srv.err";
                           sed 's/^/s_client: /' "$work/cli.err"; }
    if [ $simd_aead = 1 ]; then
        end_count server "$sconf" "$work/srv.stat" || status=1
        end_count client "$cconf" "$work/cli.stat" || status=1
    fi
    return $status
}

for proto in 3 2; do
    for dir in up down; do
        [ $dir = up ] && arrow="client -> server" || arrow="server -> client"
        check "TLS 1.$proto $mb MB $arrow, both on simdprov.cnf:" \
            transfer $proto $dir "$cnf" "$cnf"
        check "TLS 1.$proto $mb MB $arrow, server on default:" \
            transfer $proto $dir /dev/null "$cnf"
        check "TLS 1.$proto $mb MB $arrow, client on default:" \
            transfer $proto $dir "$cnf" /dev/null
    done
done

# speed needs default too (the key comes from its random generator) and
# exits 0 even when it cannot fetch the cipher: the table row is the check.
speed() {
    OPENSSL_CONF=/dev/null "$openssl" speed -provider simd -provider default \
        -propquery provider=simd -seconds 1 -bytes 16384 \
        -evp chacha20-poly1305 2>&1 | tee "$work/speed.out" |
        grep -qi '^chacha20-poly1305 '
}
if [ $simd_aead = 1 ]; then
    check "speed -evp chacha20-poly1305 runs on simd" speed
fi

summary
