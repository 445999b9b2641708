/*
 * Calls one kernel once on LEN bytes, for counting its instructions under
 * qemu (scripts/aarch64-insn-count.sh). Linked statically so the kernels
 * sit at fixed addresses that qemu's -dfilter can name.
 * Usage: kernel_driver KERNEL LEN   (KERNEL: portable neon sve2 md5 md5-portable)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../asm/aarch64/kernels.h"

static uint8_t buf[1 << 20];

int main(int argc, char **argv)
{
    const uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, ctr[4] = {0, 1, 2, 3};
    uint32_t st[4] = {1, 2, 3, 4};
    size_t len;

    if (argc != 3 || (len = strtoul(argv[2], NULL, 0)) > sizeof(buf))
        return 2;
    if (strcmp(argv[1], "portable") == 0)
        chacha20_xor_portable(buf, buf, len, key, ctr);
    else if (strcmp(argv[1], "neon") == 0)
        chacha20_xor_neon(buf, buf, len, key, ctr);
    else if (strcmp(argv[1], "sve2") == 0)
        chacha20_xor_sve2(buf, buf, len, key, ctr);
    else if (strcmp(argv[1], "md5") == 0)
        md5_blocks_aarch64(st, buf, len / 64);
    else if (strcmp(argv[1], "md5-portable") == 0)
        md5_blocks_portable(st, buf, len / 64);
    else
        return 2;
    printf("%02x%08x\n", buf[0], st[0]);
    return 0;
}
