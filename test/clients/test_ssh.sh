#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# OpenSSH as a real client: Debian's sshd (foreground, its own config, a
# throwaway host key, an unused port on 127.0.0.1) and ssh/scp with
# chacha20-poly1305@openssh.com, which calls libcrypto's raw ChaCha20 through
# EVP (cipher-chachapoly-libcrypto.c; OpenSSH's Poly1305 is its own code).
# SIMDPROV_SSH_MB (default 32) MB each way over ssh and over scp, with the
# checksums of what arrived and what was sent compared; both ends on the
# config, then each end alone on default, then both on default (control).
# Proof that simd served the packets: uprobes on simd.so's ChaCha20 entries
# (uprobes.sh), recorded system-wide and split by process tree: every simd
# end has one ssh or sshd process with at least one call per 16 KiB moved,
# every default end none.
# The per-connection sshd is a fresh exec of sshd (re-exec), so its hits also
# show that OPENSSL_CONF reached the process that does the crypto. Without
# root or perf the proof is skipped (said so); SIMDPROV_REQUIRE_UPROBES=1
# makes that a failure. SIMDPROV_SSH_BENCH=N then times N interleaved rounds
# of scp (simd, default) of a /dev/shm file and prints the medians;
# SIMDPROV_SSH_ONLY (some of ssh-up ssh-down scp-up scp-down) limits the
# both-on-simd transfers.
# Usage: test_ssh.sh CNF SIMD_SO   (CNF: a config that loads simd by absolute
# path, build/simdprov-build.cnf; OPENSSL_MODULES is not used)
set -u
cnf=$1 module=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../support/testlib.sh"
. "$here/../support/uprobes.sh"
unset OPENSSL_MODULES
mb=${SIMDPROV_SSH_MB:-32}
skip=0 check_ms=1

# sshd re-execs itself per connection, which needs an absolute path.
sshd=$(command -v sshd 2>/dev/null || echo /usr/sbin/sshd)
for t in "$sshd" ssh scp ssh-keygen nm; do
    if ! command -v "$t" >/dev/null 2>&1; then
        skip_all "$t not installed (Debian: openssh-server, openssh-client, binutils)"
    fi
done
case $sshd in /*) ;; *) skip_all "sshd is not at an absolute path: $sshd" ;; esac
# As root sshd drops the pre-authentication child to this user in a chroot.
if [ "$(id -u)" -eq 0 ] && ! id sshd >/dev/null 2>&1; then
    skip_all "no 'sshd' user for sshd's privilege separation (Debian's openssh-server makes it)"
fi
# An OpenSSH built without libcrypto's ChaCha20 (HAVE_EVP_CHACHA20 unset)
# runs its own: nothing for simd to serve.
for t in "$sshd" "$(command -v ssh)"; do
    if ! nm -D "$t" 2>/dev/null | grep -q ' U EVP_chacha20\b'; then
        skip_all "$t does not import EVP_chacha20: its chacha20-poly1305 is OpenSSH's own ChaCha20, not libcrypto's"
    fi
done
passed "$sshd and ssh import EVP_chacha20 (cipher-chachapoly-libcrypto.c): $("$sshd" -V 2>&1)"

work_dir
spid="" rec_pid="" started=""

# The recording below is system-wide, and a system-wide uprobe puts its
# breakpoint into every process that maps the file: a test beside this one
# running simd.so under valgrind would translate the breakpoint and die of
# SIGTRAP. So the transfers run on a private copy of the module (same bytes,
# its own inode), named by the config with the module line changed.
cp "$module" "$work/simd.so" && cmp -s "$module" "$work/simd.so" ||
    bail "copying $module"
sed "s|^module = .*|module = $work/simd.so|" "$cnf" >"$work/simd.cnf"
if ! grep -qxF "module = $work/simd.so" "$work/simd.cnf"; then
    bail "$cnf has no module line"
fi
cnf=$work/simd.cnf module=$work/simd.so

# simd's raw ChaCha20 entries: EVP_Cipher reaches chacha20_cipher,
# EVP_CipherUpdate chacha20_update (static functions of
# provider/cipher_chacha20.c, found in the module's symbol table; rename them
# here when they are renamed there).
funcs="chacha20_cipher chacha20_update"
probes=0
missing=$(uprobe_missing "$module" $funcs)
if [ -n "$missing" ]; then
    bail "$module has no symbol $missing to probe"
fi
if uprobes_start "proof that simd served the packets" "$module" $funcs; then
    probes=1
elif [ $? -eq 2 ]; then
    bail "no uprobes"
fi

# Recording: system-wide (perf record -a) with the forks, then each sample
# is given to the process tree it came from (the sshd listener's or the
# client's, by pid); samples of other processes that run this simd.so
# (tests beside this one) are left out. Per-task recording of a process tree
# (perf record -- CMD) dropped most of the per-connection sshd's samples in
# some runs here, while its system-wide recording had them all.
rec_start() { # recording file
    rec_pid=""
    [ $probes = 1 ] || return 0
    rm -f "$work/ctl" "$work/ack"
    mkfifo "$work/ctl" "$work/ack"
    # Disabled (-D -1) until told: the ack says it records.
    perf record -q -a -D -1 --control="fifo:$work/ctl,$work/ack" -o "$1" \
        -e "$UPROBE_EVENTS,sched:sched_process_fork" >"$work/rec.log" 2>&1 &
    rec_pid=$!
    echo enable >"$work/ctl"
    read -r _ <"$work/ack"
}
rec_stop() {
    [ -n "$rec_pid" ] || return 0
    kill -INT "$rec_pid"
    wait "$rec_pid"
    rec_pid=""
}
# "comm[pid]=calls" per process of the tree of pid $2 that called simd.
per_process() { # recording, root pid
    [ -s "$1" ] || return 0
    perf script -i "$1" -F comm,pid,event,trace 2>/dev/null | awk -v root="$2" '
        $3 == "sched:sched_process_fork:" {
            for (i = 4; i <= NF; i++) if ($i ~ /^child_pid=/) parent[substr($i, 11)] = $2
            next
        }
        { n[$2]++; comm[$2] = $1 }
        END {
            for (p in n) {
                q = p; d = 0
                while (q != root && (q in parent) && d++ < 64) q = parent[q]
                if (q == root) print comm[p] "[" p "]=" n[p]
            }
        }' | sort
}

ssh-keygen -q -t ed25519 -N '' -C simdprov-host -f "$work/host_key" &&
ssh-keygen -q -t ed25519 -N '' -C simdprov-user -f "$work/user_key" ||
    bail "ssh-keygen"
cp "$work/user_key.pub" "$work/authorized_keys"
user=$(id -un)
# sshd's privilege-separation chroot (Debian's service makes it at start).
[ "$(id -u)" -eq 0 ] && [ ! -d /run/sshd ] && mkdir -m 0755 /run/sshd

# The transfers' data, and what arrives, in /dev/shm when it is there: the
# disk would be the bottleneck of the timings.
shm=$work
[ -d /dev/shm ] && [ -w /dev/shm ] && shm=$(mktemp -d /dev/shm/simdprov-ssh.XXXXXX)
at_exit '[ "$shm" = "$work" ] || rm -rf "$shm"'
# Given last, so run first at exit: sshd and perf stop before their files go.
stop_all() {
    for p in $started; do kill "$p" 2>/dev/null; done
    [ -n "$rec_pid" ] && kill "$rec_pid" 2>/dev/null
}
at_exit stop_all
head -c $((mb << 20)) /dev/urandom >"$shm/data"
sent=$(sha256sum <"$shm/data")

# Starts sshd with OPENSSL_CONF=$1 on a free port; sets port and spid.
start_sshd() { # config
    tries=0
    while [ $tries -lt 20 ]; do
        port=$((20000 + ($$ * 7 + tries * 977) % 40000))
        tries=$((tries + 1))
        # Listening already (state 0A in /proc/net/tcp)? Then another port.
        awk -v p="$(printf ':%04X' $port)" '$4 == "0A" && index($2, p) { f = 1 }
            END { exit !f }' /proc/net/tcp && continue
        cat >"$work/sshd_config" <<EOF
ListenAddress 127.0.0.1:$port
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
AllowUsers $user
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
UseDNS no
Ciphers chacha20-poly1305@openssh.com
Subsystem sftp internal-sftp
# bash reads ~/.bashrc (and Debian's /etc/bash.bashrc) when sshd runs it at
# shell level 1; anything those print would land in the data.
SetEnv SHLVL=1
EOF
        rm -f "$work/sshd.pid"
        OPENSSL_CONF=$1 "$sshd" -D -e -f "$work/sshd_config" 2>"$work/sshd.err" &
        rpid=$!
        n=0
        while [ ! -s "$work/sshd.pid" ] && [ -d /proc/$rpid ] && [ $n -lt 200 ]; do
            sleep 0.05; n=$((n + 1))
        done
        if [ -s "$work/sshd.pid" ]; then
            spid=$(cat "$work/sshd.pid")
            started="$started $spid" # for cleanup, until stop_sshd
            echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/host_key.pub")" >>"$work/known_hosts"
            return 0
        fi
        wait $rpid 2>/dev/null
        grep -q 'Address already in use' "$work/sshd.err" || { cat "$work/sshd.err"; return 1; }
    done
    echo "no free port after $tries tries"; return 1
}
# Stops sshd once its connections are over (so that the recording has all
# their calls).
stop_sshd() {
    n=0
    while [ $n -lt 600 ] && awk -v p="$spid" '$4 == p { f = 1 } END { exit !f }' \
            /proc/[0-9]*/stat 2>/dev/null; do
        sleep 0.05; n=$((n + 1))
    done
    kill "$spid" 2>/dev/null
    wait "$spid"
    started=$(echo " $started " | sed "s/ $spid / /")
    spid=""
}

ssh_opts() {
    printf '%s\n' -F /dev/null -i "$work/user_key" -o IdentitiesOnly=yes \
        -o BatchMode=yes -o StrictHostKeyChecking=yes \
        -o UserKnownHostsFile="$work/known_hosts" -o GlobalKnownHostsFile=/dev/null \
        -o Compression=no -c chacha20-poly1305@openssh.com
}

# One end's calls into simd: on simd, one process (ssh or sshd) with at
# least one call per 16 KiB moved (each packet is at most 32 KiB of channel
# data and costs three calls at each end); on default, none anywhere.
end_count() { # end name, its config, the comm that must carry it, root pid
    per_process "$work/rec.data" "$4" >"$work/pp"
    if [ -s "$work/pp" ]; then
        note " $1: $(tr '\n' ' ' <"$work/pp" | sed 's/ $//')"
    else
        note " $1: none"
    fi
    if [ "$2" = "$cnf" ]; then
        best=$(awk -F'[][=]' -v c="$3" '$1 == c && $4 > m { m = $4 } END { print m + 0 }' "$work/pp")
        if ! calls_at_least "$best" $(((mb << 20) / 16384)); then
            echo "$1 on $cnf: no $3 process made $(((mb << 20) / 16384)) calls into simd's ChaCha20 for $mb MB"
            cat "$work/pp"
            return 1
        fi
    elif [ -s "$work/pp" ]; then
        echo "$1 on default called simd:"; cat "$work/pp"; return 1
    fi
}

# One transfer: how (ssh-up, ssh-down, scp-up, scp-down), the server's and
# the client's OPENSSL_CONF.
transfer() {
    how=$1 sconf=$2 cconf=$3
    rm -f "$shm/recv" "$work/rec.data" "$work/cli.pid"
    start_sshd "$sconf" || return 1
    # Split on whitespace: the options' values (paths under mktemp) hold none.
    set -- $(ssh_opts)
    dest="$user@127.0.0.1"
    rec_start "$work/rec.data"
    # The client's pid (sh execs it) roots its process tree in the recording.
    case $how in
    ssh-up)   OPENSSL_CONF=$cconf sh -c 'echo $$ >"$0"; exec "$@"' "$work/cli.pid" \
                  ssh -v -p "$port" "$@" "$dest" "cat >'$shm/recv'" <"$shm/data" 2>"$work/cli.err" ;;
    ssh-down) OPENSSL_CONF=$cconf sh -c 'echo $$ >"$0"; exec "$@"' "$work/cli.pid" \
                  ssh -v -p "$port" "$@" "$dest" "cat '$shm/data'" </dev/null >"$shm/recv" 2>"$work/cli.err" ;;
    scp-up)   OPENSSL_CONF=$cconf sh -c 'echo $$ >"$0"; exec "$@"' "$work/cli.pid" \
                  scp -q -P "$port" "$@" "$shm/data" "$dest:$shm/recv" </dev/null 2>"$work/cli.err" ;;
    scp-down) OPENSSL_CONF=$cconf sh -c 'echo $$ >"$0"; exec "$@"' "$work/cli.pid" \
                  scp -q -P "$port" "$@" "$dest:$shm/data" "$shm/recv" </dev/null 2>"$work/cli.err" ;;
    esac
    crc=$?
    server=$spid
    stop_sshd
    rec_stop
    status=0
    if [ $crc -ne 0 ]; then
        echo "$how exit $crc"; status=1
    fi
    case $how in ssh-*)
        grep -q 'kex: client->server cipher: chacha20-poly1305@openssh.com' "$work/cli.err" &&
        grep -q 'kex: server->client cipher: chacha20-poly1305@openssh.com' "$work/cli.err" ||
            { echo "chacha20-poly1305@openssh.com not negotiated both ways"; status=1; }
    esac
    got=$(sha256sum <"$shm/recv" 2>/dev/null)
    if [ "$got" != "$sent" ]; then
        echo "received $(wc -c <"$shm/recv" 2>/dev/null || echo no) bytes, checksum differs"; status=1
    fi
    [ $status -eq 0 ] || { sed 's/^/sshd: /' "$work/sshd.err"; grep -v '^debug' "$work/cli.err" | sed 's/^/client: /'; }
    if [ $probes = 1 ]; then
        end_count server "$sconf" sshd "$server" || status=1
        end_count client "$cconf" ssh "$(cat "$work/cli.pid")" || status=1
    fi
    return $status
}

# One login first, so that a refusal is one clear message. sshd without PAM
# refuses a locked account (a password field such as "*" or "!", common for
# CI users; as root it reads /etc/shadow itself): nothing to test then.
login() {
    start_sshd /dev/null || return 1
    set -- $(ssh_opts)
    OPENSSL_CONF=/dev/null ssh -p "$port" "$@" "$user@127.0.0.1" true </dev/null >"$work/login.err" 2>&1
    lrc=$?
    stop_sshd
    return $lrc
}
if ! login; then
    if [ "$(id -u)" -ne 0 ] && grep -q 'account is locked' "$work/sshd.err"; then
        skipped "logging in to sshd as $user" "sshd (not root, no PAM) refuses $user: account is locked; run as root or as an unlocked user"
        summary
        exit
    fi
    failed "logging in to sshd as $user"
    sed 's/^/# sshd: /' "$work/sshd.err"; sed 's/^/# ssh: /' "$work/login.err"
    summary
    exit 1
fi

for how in ${SIMDPROV_SSH_ONLY:-ssh-up ssh-down scp-up scp-down}; do
    check "$how $mb MB, both on simd:" transfer $how "$cnf" "$cnf"
done
check "ssh-up $mb MB, server on default:" transfer ssh-up /dev/null "$cnf"
check "ssh-down $mb MB, client on default:" transfer ssh-down "$cnf" /dev/null
check "scp-up $mb MB, both on default (control):" transfer scp-up /dev/null /dev/null
uprobes_cleanup
probes=0

# scp throughput, simd and default interleaved: one sshd per side, rounds
# alternating which side goes first. Per transfer: the wall time, and the CPU
# time (user + system) of the client (scp and its ssh, reaped by this shell)
# and of the server (the connection's sshd processes, reaped by the
# listener): on a loaded machine the wall time is mostly waiting for a CPU.
# Medians per side, and the median of the per-round ratios (a round's two
# transfers share its regime).
ticks() { # user + system time of the children process $1 has reaped
    awk '{ print $16 + $17 }' "/proc/$1/stat"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
bench() {
    rounds=$1 hz=$(getconf CLK_TCK)
    start_sshd "$cnf" || return 1
    ps=$port pids=$spid
    start_sshd /dev/null || return 1
    pd=$port pidd=$spid
    set -- $(ssh_opts)
    : >"$work/b.simd"; : >"$work/b.default"
    r=0
    while [ $r -lt "$rounds" ]; do
        for side in simd default; do
            [ $((r % 2)) = 1 ] && side=$([ $side = simd ] && echo default || echo simd)
            if [ $side = simd ]; then c=$cnf p=$ps spid=$pids; else c=/dev/null p=$pd spid=$pidd; fi
            c0=$(ticks $$) s0=$(ticks $spid) b0=$(date +%s%N)
            OPENSSL_CONF=$c scp -q -P "$p" "$@" "$shm/data" "$user@127.0.0.1:$shm/recv" </dev/null || return 1
            b1=$(date +%s%N)
            # The connection's sshd is reaped just after scp returns.
            n=0
            while [ $n -lt 200 ] && awk -v p="$spid" '$4 == p { f = 1 } END { exit !f }' \
                    /proc/[0-9]*/stat 2>/dev/null; do
                sleep 0.02; n=$((n + 1))
            done
            echo "$(( (b1 - b0) / 1000000 )) $(( ($(ticks $$) - c0) * 1000 / hz )) $(( ($(ticks $spid) - s0) * 1000 / hz ))" >>"$work/b.$side"
        done
        r=$((r + 1))
    done
    spid=$pids; stop_sshd
    spid=$pidd; stop_sshd
    for side in simd default; do
        w=$(cut -d' ' -f1 "$work/b.$side" | median)
        echo "scp $mb MiB up, $side at both ends, medians of $rounds: wall $w ms ($(awk -v w="$w" -v b=$((mb << 20)) 'BEGIN { printf "%.0f", b / w / 1000 }') MB/s), CPU client $(cut -d' ' -f2 "$work/b.$side" | median) ms, server $(cut -d' ' -f3 "$work/b.$side" | median) ms"
    done
    for f in 1 2 3 23; do
        case $f in 1) what="wall" ;; 2) what="client CPU" ;; 3) what="server CPU" ;; 23) what="client+server CPU" ;; esac
        paste -d' ' "$work/b.default" "$work/b.simd" | awk -v f=$f '{
            if (f == 23) r = ($2 + $3) / ($5 + $6); else r = $f / $(f + 3)
            printf "%.3f\n", r }' | sort -n |
            awk -v w="$what" '{ a[NR] = $1 } END { printf "default/simd %s per round: median %s (all:", w, a[int((NR + 1) / 2)]
                for (i = 1; i <= NR; i++) printf " %s", a[i]; print ")" }'
    done
}
if [ "${SIMDPROV_SSH_BENCH:-0}" -gt 0 ]; then
    check "scp throughput, $SIMDPROV_SSH_BENCH rounds" bench "$SIMDPROV_SSH_BENCH"
    cat "$work/out"
fi

summary
