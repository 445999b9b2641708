/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One call of one kernel of this architecture, for counting the instructions
 * it executes under qemu's instruction log (tools/count-insns-qemu.sh,
 * tools/aarch64-insn-count.sh). The kernel is looked up by name in
 * simd_arch_this's tables and inner kernels, so every kernel is reachable
 * and none is listed here. Prints the address of main on stderr so a
 * tracer's PCs can be related to the symbol table of a PIE binary.
 *
 *   kernel_once ALG KERNEL LEN     e.g. kernel_once chacha20 neon 65536
 *
 * ALG is an algorithm key (chacha20, md5, poly1305, chacha20_poly1305:
 * a seal in place). LEN is a whole number
 * of the algorithm's blocks (64 bytes; 16 for Poly1305): the kernel ABI
 * takes nothing else (asm/kernels.h). Poly1305 runs from a fresh state, so
 * a vector kernel's count includes building its table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../asm/arch.h"

/* The kernel `name` of the algorithm keyed `key`; *alg gets the algorithm. */
static const simd_kernel_row *lookup(const char *key, const char *name,
                                 simd_alg *alg)
{
    for (*alg = 0; *alg < SIMD_NALGS; (*alg)++)
        if (strcmp(simd_alg_name(*alg), key) == 0)
            return simd_find_any(&simd_arch_this, *alg, name);
    return NULL;
}

int main(int argc, char **argv)
{
    uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, ctr[4] = {0, 1, 2, 3};
    uint32_t state[4] = {1, 2, 3, 4};
    uint32_t kc[12] = {1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3}; /* key || ctr */
    static const uint8_t mac_key[SIMD_POLY1305_KEY] = {1, 2, 3, 4};
    simd_poly1305 mac;
    const simd_kernel_row *k;
    simd_alg alg;
    uint8_t *buf;
    size_t len, block;

    if (argc != 4) {
        fprintf(stderr, "usage: %s ALG KERNEL LEN\n", argv[0]);
        return 2;
    }
    k = lookup(argv[1], argv[2], &alg);
    len = strtoul(argv[3], NULL, 0);
    block = alg == SIMD_ALG_POLY1305 ? SIMD_POLY1305_BLOCK : 64;
    if (k == NULL || len % block != 0) {
        fprintf(stderr, "no %s kernel %s, or LEN %zu not whole blocks\n",
                argv[1], argv[2], len);
        return 2;
    }
    buf = calloc(1, len + 1);
    if (buf == NULL)
        return 1;
    fprintf(stderr, "main %p\n", (void *)main);
    simd_poly1305_init(&mac, mac_key);
    if (alg == SIMD_ALG_MD5)
        k->fn.md5(state, buf, len / 64);
    else if (alg == SIMD_ALG_POLY1305)
        k->fn.poly1305(&mac, buf, len, 1);
    else if (alg == SIMD_ALG_CHACHA20_POLY1305)
        k->fn.chacha20_poly1305(buf, buf, len, kc, &mac, 1); /* seal */
    else
        k->fn.chacha20(buf, buf, len, key, ctr);
    /* keep the call */
    printf("%02x%08x%016llx\n", buf[0], state[0], (unsigned long long)mac.h[0]);
    free(buf);
    return 0;
}
