/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The POWER10 ChaCha20 entry. The 8-block kernel only takes whole 512-byte
 * groups; fewer than 512 bytes (the whole message, or what is left after
 * the groups) go to the 4-block VSX kernel, on from the counter of the
 * first block it gets. The entry needs what both need (arch.c).
 */
#include "kernels.h"

void chacha20_xor_power10(uint8_t *out, const uint8_t *in, size_t len,
                          const uint32_t key[8], const uint32_t ctr[4])
{
    size_t groups = len - len % PPC_POWER10_GROUP;
    uint32_t rest_ctr[4] = {
        ctr[0] + (uint32_t)(groups / SIMD_CHACHA20_BLOCK), ctr[1], ctr[2],
        ctr[3]};

    if (groups != 0)
        chacha20_power10_8x(out, in, groups, key, ctr);
    if (len != groups)
        chacha20_xor_vsx(out + groups, in + groups, len - groups, key,
                         rest_ctr);
}
