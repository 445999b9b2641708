/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One EVP ChaCha20 update of LEN bytes through the target's own libcrypto
 * (default provider), for counting the instructions OpenSSL's assembly runs
 * under qemu (tools/aarch64-insn-count.sh), next to tools/kernel_once.
 * Prints libcrypto's load address so the script can check it is where
 * -dfilter expects it.
 * Usage: evp_chacha20_once LEN
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <openssl/evp.h>

static unsigned char in[1 << 20], out[(1 << 20) + 64];

int main(int argc, char **argv)
{
    unsigned char key[32] = {1}, iv[16] = {0};
    int len, n = 0;
    Dl_info info;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    EVP_CIPHER *chacha = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);

    if (argc != 2 || (len = atoi(argv[1])) < 0 || len > (int)sizeof(in))
        return 2;
    if (ctx == NULL || chacha == NULL || dladdr((void *)EVP_EncryptUpdate, &info) == 0)
        return 1;
    fprintf(stderr, "libcrypto at %p\n", info.dli_fbase);
    if (!EVP_EncryptInit_ex2(ctx, chacha, key, iv, NULL) ||
        !EVP_EncryptUpdate(ctx, out, &n, in, len))
        return 1;
    printf("%d %02x\n", n, out[0]);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(chacha);
    return 0;
}
