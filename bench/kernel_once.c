/*
 * One call of one ChaCha20 kernel from this architecture's table, for
 * counting the instructions it executes under an instruction tracer
 * (scripts/count-insns-qemu.sh). Prints the kernel's address on stderr so
 * the tracer's PCs can be related to the symbol table of a PIE binary.
 * Usage: kernel_once KERNEL LEN
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../asm/arch.h"

int main(int argc, char **argv)
{
    uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, ctr[4] = {0, 1, 2, 3};
    const simd_kernel *k = NULL;
    uint8_t *buf;
    size_t len;

    if (argc != 3) {
        fprintf(stderr, "usage: %s KERNEL LEN\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_CHACHA20].n; i++)
        if (strcmp(simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[i].name, argv[1]) == 0)
            k = &simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[i];
    len = strtoul(argv[2], NULL, 0);
    buf = calloc(1, len + 1);
    if (k == NULL || buf == NULL) {
        fprintf(stderr, "no kernel %s\n", argv[1]);
        return 2;
    }
    fprintf(stderr, "fn %p\n", (void *)k->fn.chacha20);
    k->fn.chacha20(buf, buf, len, key, ctr);
    printf("%02x\n", buf[0]); /* keep the call */
    free(buf);
    return 0;
}
