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
 * ALG is an algorithm key (chacha20, md5). LEN is a whole number of 64-byte
 * blocks: the kernel ABI takes nothing else (asm/kernels.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../asm/arch.h"

/* The kernel `name` of the algorithm keyed `key`; *alg gets the algorithm. */
static const simd_kernel *lookup(const char *key, const char *name,
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
    const simd_kernel *k;
    simd_alg alg;
    uint8_t *buf;
    size_t len;

    if (argc != 4) {
        fprintf(stderr, "usage: %s ALG KERNEL LEN\n", argv[0]);
        return 2;
    }
    k = lookup(argv[1], argv[2], &alg);
    len = strtoul(argv[3], NULL, 0);
    if (k == NULL || len % 64 != 0) {
        fprintf(stderr, "no %s kernel %s, or LEN %zu not whole blocks\n",
                argv[1], argv[2], len);
        return 2;
    }
    buf = calloc(1, len + 1);
    if (buf == NULL)
        return 1;
    fprintf(stderr, "main %p\n", (void *)main);
    if (alg == SIMD_ALG_MD5)
        k->fn.md5(state, buf, len / 64);
    else
        k->fn.chacha20(buf, buf, len, key, ctr);
    printf("%02x%08x\n", buf[0], state[0]); /* keep the call */
    free(buf);
    return 0;
}
